import type { Language, StyleId } from '#core/vocabulary'

/**
 * The words the local script writer composes with, per language. Templates
 * name slots in braces: {subject} and {thing} come from the description,
 * {topic} is the description itself, {look} {visual} {detail} {light} from
 * the style, {mood} {feeling} from the mood, {shot} and {action} are camera
 * and stage directions. A template uses only slots its language fills.
 */

export const MOODS = ['chill', 'epic', 'horror', 'uplifting', 'engaging'] as const
export type Mood = (typeof MOODS)[number]

export const PHASES = ['hook', 'setup', 'build', 'turn', 'transition', 'payoff', 'call'] as const
export type Phase = (typeof PHASES)[number]

/** Sentence templates for the script the narrator says, by story phase. */
export type Track = Record<Phase, string[]>

export type StyleWords = {
  /** The style as a phrase the templates place (an adjective in English). */
  look: string
  /** Noun phrases: what the frame looks like. */
  visuals: string[]
  /** Whole clauses: something happening in the frame. */
  details: string[]
  /** Noun phrases: the light. */
  lights: string[]
}

export type MoodWords = {
  /** Adjectives, for languages whose templates can place them. */
  adjectives: string[]
  /** Nouns that take no article. */
  feelings: string[]
  /** Extra narrator hooks and lines in this tone. */
  hooks: string[]
  lines: string[]
}

export type Lexicon = {
  voice: Track
  styles: Record<StyleId, StyleWords>
  moods: Record<Mood, MoodWords>
  shots: string[]
  /** Present-tense stage directions, singular and plural subject (English only). */
  actions: [string, string][]
  determiners: string[]
  stopwords: string[]
  /** English turns "a robot" into "the robot" once it is our subject. */
  definiteSubject: boolean
  /** German capitalizes nouns: a description's first word keeps its capital. */
  capitalizedNouns: boolean
  fallbackSubject: string
  /**
   * Nouns that frame a description rather than name its subject ("a quick
   * tour of Lisbon trams" is about the trams), lower case.
   */
  framings: string[]
  /** Grammar fixes after slots are filled (a → an, de + el → del…). */
  polish(text: string): string
  /** Words that join two nouns into one name ("café de filtro", "pain au levain"). */
  linkers: string[]
  /**
   * The request around a description's subject ("a short video about",
   * "I want a clip showing"), stripped from its start.
   */
  requests: RegExp[]
  /**
   * A how-to ("How to brew pour-over coffee"): the pattern that captures the
   * activity (infinitive first, or, in German, the clause after "wie man"),
   * where its verb stands, and hooks and payoffs that say {activity}.
   */
  howTo: { pattern: RegExp; verb: 'first' | 'last'; hooks: string[]; payoffs: string[] }
  /** A description that asks: hooks and payoffs that say {question} as it was asked. */
  question: { hooks: string[]; payoffs: string[]; auxiliaries: string[] }
}

const ENGLISH_DETERMINERS = [
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'some',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'every',
]

const ENGLISH_STOPWORDS = `about above across after against along among and any are around as at be
because been before behind being below beneath beside between beyond both but by can could did do
does doing during each either even ever for from get gets getting go goes going had has have having
he here him how i if in inside into is it just let lets like make makes making many may me might
more most much must near neither no nor not now of off on once only onto or other out outside over
own shall she should show shows showing so such than then there they through to too toward towards
under until up upon us very was we were what when where which while who whom whose why will with
within without would yet you made done built used seen known called found become becomes video videos clip short reel story stories tale film explain
explains explaining learn learning see watch`.split(/\s+/)

const english: Lexicon = {
  voice: {
    hook: [
      'Picture this: {topic}.',
      'Stop scrolling for a second, because {subject} has a story worth telling.',
      'What if I told you that {subject} could change the way you see everything?',
      'Nobody talks about {subject}, and that is exactly why we should.',
      'You think you know {subject}? Watch this.',
      'Here is a story you will not forget: {topic}.',
      'Give me one minute and I will show you {subject} like never before.',
    ],
    setup: [
      'It all starts with {subject}.',
      'At first glance, nothing here seems out of the ordinary.',
      'Look a little closer and you will notice {thing}.',
      'The world here is {mood}, shaped by {visual}.',
      'Everything feels {mood}, from the light to the smallest detail.',
      'There is a sense of {feeling} in the air.',
      'Our story begins right here, with {subject}.',
      'Before anything happens, take in the scene: {visual}.',
      'Notice the light first: {light}.',
    ],
    build: [
      'Then something shifts, and {thing} comes into view.',
      'Every step brings us closer to {thing}.',
      'Notice how {detail}.',
      'The details matter here: {detail}.',
      'Meanwhile, {detail}.',
      'Little by little, the story reveals what it is really about.',
      'This is where {feeling} starts to build.',
      'And the deeper we go, the more {mood} it all becomes.',
      'Keep your eyes on {thing}, because it matters more than it seems.',
      'Here is what most people miss about {subject}.',
      'It is not just about {subject}; it is about {feeling}.',
      'You can almost feel it now: {feeling}, growing with every second.',
    ],
    turn: [
      'And then, everything changes.',
      'Suddenly, everything revolves around {subject}.',
      'This is the moment {feeling} takes over.',
      'Now the pieces come together: {subject}, {thing} and a world of {visual}.',
      'Nobody saw this coming.',
      'The tension breaks, and what is left is pure {feeling}.',
      'Everything we have seen so far leads to this single moment.',
    ],
    transition: [
      'But that is only the beginning.',
      'Let us go a little deeper.',
      'Now, look at it from another angle.',
      'Here is where it gets interesting.',
      'And the story does not stop there.',
    ],
    payoff: [
      'In the end, the story of {subject} reminds us that {feeling} is always worth chasing.',
      'And that is the real story of {subject}.',
      'Sometimes all it takes is {subject} to change everything.',
      'So the next time you think of {subject}, remember this moment.',
      'That is what makes {subject} unforgettable.',
      'What stays with you is not the ending, but the {feeling} along the way.',
    ],
    call: [
      'Follow for more.',
      'Follow for more stories like this.',
      'Save this video and watch it again later.',
      'Tell me in the comments what you would do next.',
      'Share this with someone who needs to see it.',
      'Subscribe, because the next one is even better.',
      'Hit follow so you do not miss the next chapter.',
      'Which moment was your favorite? Let me know below.',
    ],
  },
  styles: {
    'anime': {
      look: 'anime',
      visuals: [
        'cel-shaded outlines and a bright blue sky',
        'bold speed lines and saturated colors',
        'towering cumulus clouds over a sunlit town',
      ],
      details: [
        'cherry petals drift across the frame',
        'speed lines burst from the edges of the screen',
        'a breeze ruffles hair and grass alike',
      ],
      lights: ['a blazing afternoon sun', 'a sky washed in pink'],
    },
    'cinematic': {
      look: 'cinematic',
      visuals: [
        'anamorphic lens flares and a teal and orange grade',
        'deep shadows and a shallow depth of field',
        'wide letterboxed vistas',
      ],
      details: [
        'dust hangs in a shaft of golden light',
        'the focus racks slowly from foreground to background',
        'a lens flare slides across the frame',
      ],
      lights: ['a golden-hour backlight', 'a single warm key light'],
    },
    'realistic': {
      look: 'photoreal',
      visuals: [
        'natural light and true-to-life textures',
        'a wide horizon under a soft morning sky',
        'crisp detail and real-world colors',
      ],
      details: [
        'the wind moves through real grass',
        'clouds roll slowly across the horizon',
        'every texture looks close enough to touch',
      ],
      lights: ['soft overcast daylight', 'the low sun at dawn'],
    },
    'pixel': {
      look: 'pixel-art',
      visuals: [
        'chunky pixels and a sixteen-color palette',
        'a blocky retro skyline',
        'tiled ground under a pixel sun',
      ],
      details: [
        'pixel stars blink in a tiny sky',
        'a health bar flickers in the corner',
        'blocky clouds scroll from left to right',
      ],
      lights: ['a flat pixel sunset', 'eight-bit moonlight'],
    },
    'watercolor': {
      look: 'watercolor',
      visuals: [
        'soft washes of color bleeding into paper',
        'loose brushstrokes and pale pigments',
        'gentle blotches of rose and teal',
      ],
      details: [
        'paint blooms slowly across the paper',
        'edges soften as the colors run together',
        'tiny splashes of pigment dot the sky',
      ],
      lights: ['a diffuse, paper-white light', 'a pale wash of morning light'],
    },
    'studio-ghibli': {
      look: 'hand-painted',
      visuals: [
        'pastel hills under drifting clouds',
        'hand-painted meadows and a wide, gentle sky',
        'lush green valleys and tiny cottages',
      ],
      details: [
        'tall grass sways in a warm breeze',
        'a small train crosses the far hills',
        'clouds cast slow shadows over the fields',
      ],
      lights: ['a warm summer afternoon', 'soft evening light'],
    },
    'cyberpunk': {
      look: 'cyberpunk',
      visuals: [
        'neon magenta and cyan signs over wet asphalt',
        'a glowing grid stretching to the horizon',
        'towering megastructures wrapped in holograms',
      ],
      details: [
        'holographic ads flicker in the rain',
        'drones streak past glowing windows',
        'steam rises through a wall of neon',
      ],
      lights: ['buzzing neon tubes', 'a magenta glow from the street below'],
    },
    'pixar': {
      look: 'animated',
      visuals: [
        'glossy rounded shapes and candy colors',
        'soft bounce light and expressive faces',
        'a playful world of smooth, toy-like surfaces',
      ],
      details: [
        'everything bounces with a little squash and stretch',
        'a tiny detail in the background winks at the audience',
        'soft shadows pool under rounded shapes',
      ],
      lights: ['warm studio light', 'a bright, friendly sunbeam'],
    },
    'oil-painting': {
      look: 'oil-painted',
      visuals: [
        'thick textured brushstrokes in warm ochre and umber',
        'rich layered paint under a golden glaze',
        'visible canvas texture and deep warm tones',
      ],
      details: [
        'brushstrokes catch the light like ridges of paint',
        'warm highlights glow against dark umber',
        'the canvas texture shows through every shadow',
      ],
      lights: ['candle-warm light', 'a glowing amber sky'],
    },
    'noir': {
      look: 'noir',
      visuals: [
        'rain-slick streets and hard shadows',
        'stark black and white contrast',
        'smoke curling under a lone streetlamp',
      ],
      details: [
        'rain drips from the brim of a hat',
        'light cuts through the blinds in hard stripes',
        'a sign buzzes in black and white',
      ],
      lights: ['a single streetlamp', 'slatted window light'],
    },
  },
  moods: {
    chill: {
      adjectives: ['calm', 'mellow', 'easygoing', 'dreamy', 'gentle', 'laid-back'],
      feelings: ['calm', 'stillness', 'ease', 'comfort', 'serenity'],
      hooks: ['Take a breath and settle in: {topic}.', 'Slow down for a moment with {subject}.'],
      lines: [
        'Slow down and let the moment breathe.',
        'There is no rush; everything unfolds at its own pace.',
        'Soft light, quiet sounds, and nowhere else to be.',
        'Let your shoulders drop and just watch.',
      ],
    },
    epic: {
      adjectives: ['epic', 'colossal', 'thunderous', 'heroic', 'unstoppable', 'grand'],
      feelings: ['glory', 'courage', 'power', 'triumph', 'momentum'],
      hooks: [
        'Every legend starts somewhere, and this one begins with {subject}.',
        'Brace yourself: {topic}.',
      ],
      lines: [
        'The stakes have never been higher.',
        'This is the kind of moment legends are made of.',
        'Every heartbeat sounds like a war drum.',
        'Feel the ground shake as it all comes together.',
      ],
    },
    horror: {
      adjectives: ['eerie', 'unsettling', 'ominous', 'cold', 'haunted', 'dreadful'],
      feelings: ['dread', 'fear', 'unease', 'suspense', 'terror'],
      hooks: ['Do not watch this alone: {topic}.', 'Something about {subject} is very wrong.'],
      lines: [
        'Something is not right here.',
        'Listen closely; the silence is hiding something.',
        'Do not look away, not even for a second.',
        'The shadows seem to move when nobody is watching.',
      ],
    },
    uplifting: {
      adjectives: ['hopeful', 'bright', 'warm', 'joyful', 'radiant', 'inspiring'],
      feelings: ['hope', 'joy', 'warmth', 'gratitude', 'wonder'],
      hooks: [
        'Here is something that will make your day better: {topic}.',
        'This is your reminder that good things still happen.',
      ],
      lines: [
        'And this is the part that gives me hope.',
        'Sometimes the smallest things make the biggest difference.',
        'Every setback is just the start of a comeback.',
        'You can feel the light getting brighter.',
      ],
    },
    engaging: {
      adjectives: ['surprising', 'vivid', 'fascinating', 'bold', 'curious', 'striking'],
      feelings: ['curiosity', 'surprise', 'wonder', 'excitement', 'intrigue'],
      hooks: [
        'Wait until you see this: {topic}.',
        'Three seconds is all it takes to fall for {subject}.',
      ],
      lines: [
        'Here is the twist nobody expects.',
        'Stay until the end; it gets better.',
        'Quick question: would you have noticed that?',
        'Think about that for a second.',
      ],
    },
  },
  shots: [
    'Wide shot',
    'Close-up',
    'Medium shot',
    'Aerial shot',
    'Low-angle shot',
    'Tracking shot',
    'Over-the-shoulder shot',
    'Extreme close-up',
    'Slow dolly shot',
    'Handheld shot',
  ],
  actions: [
    ['catches the light', 'catch the light'],
    ['comes into focus', 'come into focus'],
    ['moves through the frame', 'move through the frame'],
    ['waits in the silence', 'wait in the silence'],
    ['turns toward the camera', 'turn toward the camera'],
    ['stands at the center of the frame', 'stand at the center of the frame'],
    ['steps into the light', 'step into the light'],
    ['drifts slowly out of the shadows', 'drift slowly out of the shadows'],
    ['fills the frame', 'fill the frame'],
  ],
  determiners: ENGLISH_DETERMINERS,
  stopwords: ENGLISH_STOPWORDS,
  definiteSubject: true,
  capitalizedNouns: false,
  fallbackSubject: 'this story',
  framings: [
    'tour',
    'history',
    'story',
    'documentary',
    'video',
    'film',
    'look',
    'guide',
    'introduction',
    'overview',
    'glimpse',
    'portrait',
    'tale',
    'journey',
    'trip',
    'explainer',
    'review',
    'celebration',
    'ode',
    'walk',
    'visit',
    'exploration',
    'reel',
    'montage',
    'clip',
    'piece',
    'feature',
    'series',
    'short',
    'day',
    'life',
    'world',
    'secrets',
    'rise',
    'art',
  ],
  polish: (text) => text.replace(/\b([Aa]) (?=(?!one\b|uni|use|usu|eu)[aeiouAEIOU])/g, '$1n '),
  linkers: [],
  requests: [
    /^(?:please\s+)?(?:(?:i\s+(?:want|need|would\s+like)|i'd\s+like|make|create|give\s+me|show\s+me)\s+)?(?:(?:an?|one|my)\s+)?(?:(?:short|quick|little|fun|simple|cool|\d+-second)\s+)*(?:video|clip|reel|short|film|documentary|story|explainer|tutorial)\s+(?:about|on|of|showing|that\s+shows|explaining|where)\s+/i,
    /^(?:tell\s+me|talk)\s+about\s+/i,
    /^(?:tips|ideas|tricks|facts)\s+(?:for|on|about)\s+/i,
  ],
  howTo: {
    pattern: /^(?:learn\s+)?how\s+to\s+(\S.*)$/i,
    verb: 'first',
    hooks: [
      'Want to {activity}? Here is how.',
      'This is how to {activity}, step by step.',
      'Here is the simplest way to {activity}.',
      'Most people never learn to {activity} properly. Let me show you.',
    ],
    payoffs: [
      'And that is how you {activity}.',
      'Now you know how to {activity}.',
      'That is all it takes to {activity}.',
    ],
  },
  question: {
    hooks: [
      '{question} Here is the answer.',
      '{question} Let us find out.',
      '{question} The answer may surprise you.',
    ],
    payoffs: [
      'Now you know a little more about {subject}.',
      'And that is the answer, hiding in plain sight.',
    ],
    auxiliaries: `do does did can could will would should must`.split(' '),
  },
}

const spanish: Lexicon = {
  voice: {
    hook: [
      'Imagina esto: {topic}.',
      'Detente un momento, porque esta historia empieza con {subject}.',
      'Nadie habla de {subject}, y por eso hoy lo hacemos nosotros.',
      '¿Crees que ya lo has visto todo? Mira esto: {topic}.',
    ],
    setup: [
      'Todo empieza con {subject}.',
      'A primera vista, nada parece extraordinario.',
      'Se respira {feeling} en el aire.',
      'Fíjate bien y descubrirás {thing}.',
      'Aquí el mundo está hecho de {visual}.',
    ],
    build: [
      'Poco a poco, la historia toma forma.',
      'Mientras tanto, {detail}.',
      'Cada detalle importa: {detail}.',
      'Aquí es donde todo se llena de {feeling}.',
      'Y cuanto más nos acercamos, más clara se vuelve la historia.',
      'No pierdas de vista {thing}.',
    ],
    turn: [
      'Y entonces, todo cambia.',
      'De repente, {subject} está en el centro de todo.',
      'Este es el momento en que todo se llena de {feeling}.',
      'Nadie lo esperaba.',
    ],
    transition: [
      'Pero esto es solo el comienzo.',
      'Vamos un poco más lejos.',
      'Y aquí es donde se pone interesante.',
    ],
    payoff: [
      'Al final, todo se resume en una palabra: {feeling}.',
      'Y esa es la verdadera historia de {subject}.',
      'A veces basta con {subject} para cambiarlo todo.',
    ],
    call: [
      'Sígueme para más.',
      'Sígueme para más historias como esta.',
      'Guarda este vídeo y vuelve a verlo.',
      'Cuéntame en los comentarios qué harías tú.',
      'Compártelo con alguien que necesite verlo.',
    ],
  },
  styles: {
    'anime': {
      look: 'estilo anime',
      visuals: [
        'contornos cel-shading y un cielo azul intenso',
        'líneas de velocidad y colores saturados',
      ],
      details: ['pétalos de cerezo cruzan el encuadre'],
      lights: ['un sol de tarde radiante'],
    },
    'cinematic': {
      look: 'estilo cinematográfico',
      visuals: [
        'destellos anamórficos y una gradación azul y naranja',
        'sombras profundas y poca profundidad de campo',
      ],
      details: ['el polvo flota en un rayo de luz dorada'],
      lights: ['la luz dorada del atardecer'],
    },
    'realistic': {
      look: 'estilo realista',
      visuals: ['luz natural y texturas reales', 'un horizonte amplio bajo un cielo suave'],
      details: ['las nubes avanzan despacio sobre el horizonte'],
      lights: ['la luz suave del amanecer'],
    },
    'pixel': {
      look: 'estilo pixel art',
      visuals: ['píxeles gruesos y una paleta retro', 'un horizonte de bloques y un sol pixelado'],
      details: ['estrellas de píxeles parpadean en el cielo'],
      lights: ['un atardecer de ocho bits'],
    },
    'watercolor': {
      look: 'estilo acuarela',
      visuals: ['manchas suaves de color sobre el papel', 'pinceladas sueltas y pigmentos pálidos'],
      details: ['la pintura se expande lentamente sobre el papel'],
      lights: ['una luz pálida de mañana'],
    },
    'studio-ghibli': {
      look: 'estilo Ghibli',
      visuals: ['colinas pastel bajo nubes lentas', 'prados pintados a mano y un cielo amplio'],
      details: ['la hierba alta se mece con la brisa'],
      lights: ['una cálida tarde de verano'],
    },
    'cyberpunk': {
      look: 'estilo cyberpunk',
      visuals: [
        'letreros de neón magenta y cian sobre asfalto mojado',
        'una cuadrícula luminosa hasta el horizonte',
      ],
      details: ['anuncios holográficos parpadean bajo la lluvia'],
      lights: ['el zumbido de los tubos de neón'],
    },
    'pixar': {
      look: 'estilo Pixar',
      visuals: [
        'formas redondeadas y brillantes con colores de caramelo',
        'un mundo juguetón de superficies suaves',
      ],
      details: ['las sombras suaves se acumulan bajo formas redondeadas'],
      lights: ['una cálida luz de estudio'],
    },
    'oil-painting': {
      look: 'estilo óleo',
      visuals: [
        'pinceladas gruesas en ocre y sombra tostada',
        'capas de pintura rica y un barniz dorado',
      ],
      details: ['la textura del lienzo asoma en cada sombra'],
      lights: ['una luz cálida de vela'],
    },
    'noir': {
      look: 'estilo cine negro',
      visuals: [
        'calles mojadas por la lluvia y sombras duras',
        'un blanco y negro de alto contraste',
      ],
      details: ['la luz atraviesa las persianas en franjas duras'],
      lights: ['una sola farola'],
    },
  },
  moods: {
    chill: moodNouns(
      ['calma', 'serenidad', 'tranquilidad'],
      ['Sin prisa, deja que el momento respire.', 'Respira hondo y disfruta del paisaje.']
    ),
    epic: moodNouns(
      ['grandeza', 'valentía', 'fuerza'],
      ['Nunca había habido tanto en juego.', 'Así es como nacen las leyendas.']
    ),
    horror: moodNouns(
      ['miedo', 'inquietud', 'suspense'],
      ['Algo no va bien aquí.', 'No apartes la mirada, ni un segundo.']
    ),
    uplifting: moodNouns(
      ['esperanza', 'alegría', 'calidez'],
      ['Y esta es la parte que me da esperanza.', 'A veces lo más pequeño lo cambia todo.']
    ),
    engaging: moodNouns(
      ['curiosidad', 'sorpresa', 'asombro'],
      ['Aquí viene el giro que nadie espera.', 'Quédate hasta el final, se pone mejor.']
    ),
  },
  shots: [
    'Plano general',
    'Primer plano',
    'Plano medio',
    'Plano aéreo',
    'Contrapicado',
    'Travelling',
  ],
  actions: [],
  determiners: [
    'el',
    'la',
    'los',
    'las',
    'un',
    'una',
    'unos',
    'unas',
    'mi',
    'tu',
    'su',
    'este',
    'esta',
  ],
  stopwords:
    `a al ante bajo con contra de del desde en entre hacia hasta para por según sin sobre tras
y e o u ni pero que como cuando donde es son está están ser era fue muy más menos se lo le les sus mis
tus nuestro nuestra vídeo video historia sobre`.split(/\s+/),
  definiteSubject: false,
  capitalizedNouns: false,
  fallbackSubject: 'esta historia',
  framings: [
    'historia',
    'recorrido',
    'documental',
    'video',
    'vídeo',
    'guía',
    'viaje',
    'paseo',
    'visita',
    'retrato',
    'mirada',
    'vida',
    'mundo',
    'secretos',
    'arte',
    'día',
  ],
  polish: (text) => text.replace(/\bde el\b/g, 'del').replace(/\ba el\b/g, 'al'),
  linkers: ['de'],
  requests: [
    /^(?:(?:quiero|haz|crea)\s+)?(?:un\s+)?(?:(?:breve|corto)\s+)?(?:v[íi]deo|clip|corto|documental)\s+(?:breve\s+|corto\s+)?(?:sobre|de|acerca\s+de|que\s+muestre)\s+/i,
    /^(?:consejos|ideas|trucos)\s+(?:para|sobre)\s+/i,
  ],
  howTo: {
    pattern: /^(?:aprende\s+a\s+)?c[óo]mo\s+(\p{L}+(?:ar|er|ir)\b.*)$/iu,
    verb: 'first',
    hooks: [
      '¿Quieres aprender a {activity}? Te enseño cómo.',
      'Hoy te enseño a {activity}, paso a paso.',
      'Esta es la forma más sencilla de {activity}.',
    ],
    payoffs: [
      'Y así es como se aprende a {activity}.',
      'Ahora ya sabes {activity}.',
      'Eso es todo lo que necesitas para {activity}.',
    ],
  },
  question: {
    hooks: ['{question} Aquí tienes la respuesta.', '{question} Vamos a descubrirlo.'],
    payoffs: ['Ahora sabes un poco más sobre {subject}.', 'Y esa es la respuesta.'],
    auxiliaries: [],
  },
}

const french: Lexicon = {
  voice: {
    hook: [
      'Imaginez la scène, {topic}.',
      'Arrêtez-vous un instant, car cette histoire commence avec {subject}.',
      'Personne ne parle de {subject}, alors parlons-en.',
      'Vous pensez avoir tout vu. Regardez plutôt ceci, {topic}.',
    ],
    setup: [
      'Tout commence avec {subject}.',
      'Au premier regard, rien ne semble extraordinaire.',
      'Il flotte comme un parfum de {feeling} dans l’air.',
      'Regardez de plus près et vous découvrirez {thing}.',
      'Ici, le monde est fait de {visual}.',
    ],
    build: [
      'Peu à peu, l’histoire prend forme.',
      'Pendant ce temps, {detail}.',
      'Chaque détail compte. Regardez bien, {detail}.',
      'Peu à peu monte un sentiment de {feeling}.',
      'Et plus on avance, plus tout devient clair.',
      'Ne quittez pas des yeux {thing}.',
    ],
    turn: [
      'Et soudain, tout change.',
      'Tout à coup, {subject} est au centre de tout.',
      'C’est le moment où tout bascule.',
      'Personne ne l’avait vu venir.',
    ],
    transition: [
      'Mais ce n’est que le début.',
      'Allons un peu plus loin.',
      'Et c’est là que tout devient intéressant.',
    ],
    payoff: [
      'Au final, il ne reste qu’un sentiment de {feeling}.',
      'Et voilà la véritable histoire de {subject}.',
      'Parfois, il suffit de {subject} pour tout changer.',
    ],
    call: [
      'Abonnez-vous pour la suite.',
      'Abonnez-vous pour d’autres histoires comme celle-ci.',
      'Enregistrez cette vidéo pour la revoir plus tard.',
      'Dites-moi en commentaire ce que vous feriez.',
      'Partagez-la avec quelqu’un qui doit la voir.',
    ],
  },
  styles: {
    'anime': {
      look: 'style anime',
      visuals: [
        'des contours en cel-shading et un ciel bleu éclatant',
        'des lignes de vitesse et des couleurs saturées',
      ],
      details: ['des pétales de cerisier traversent l’image'],
      lights: ['un soleil d’après-midi éclatant'],
    },
    'cinematic': {
      look: 'style cinématographique',
      visuals: [
        'des reflets anamorphiques et un étalonnage bleu-orangé',
        'des ombres profondes et une faible profondeur de champ',
      ],
      details: ['la poussière flotte dans un rayon de lumière dorée'],
      lights: ['la lumière dorée du soir'],
    },
    'realistic': {
      look: 'style réaliste',
      visuals: [
        'une lumière naturelle et des textures réelles',
        'un vaste horizon sous un ciel doux',
      ],
      details: ['les nuages glissent lentement sur l’horizon'],
      lights: ['la douce lumière de l’aube'],
    },
    'pixel': {
      look: 'style pixel art',
      visuals: ['de gros pixels et une palette rétro', 'un horizon en blocs et un soleil pixelisé'],
      details: ['des étoiles en pixels clignotent dans le ciel'],
      lights: ['un coucher de soleil en huit bits'],
    },
    'watercolor': {
      look: 'style aquarelle',
      visuals: [
        'des taches de couleur douces sur le papier',
        'des coups de pinceau légers et des pigments pâles',
      ],
      details: ['la peinture se diffuse lentement sur le papier'],
      lights: ['une pâle lumière du matin'],
    },
    'studio-ghibli': {
      look: 'style Ghibli',
      visuals: [
        'des collines pastel sous des nuages paisibles',
        'des prairies peintes à la main et un grand ciel',
      ],
      details: ['les hautes herbes ondulent dans la brise'],
      lights: ['un chaud après-midi d’été'],
    },
    'cyberpunk': {
      look: 'style cyberpunk',
      visuals: [
        'des enseignes néon magenta et cyan sur l’asphalte mouillé',
        'une grille lumineuse jusqu’à l’horizon',
      ],
      details: ['des publicités holographiques clignotent sous la pluie'],
      lights: ['le bourdonnement des néons'],
    },
    'pixar': {
      look: 'style Pixar',
      visuals: [
        'des formes arrondies et brillantes aux couleurs acidulées',
        'un monde ludique aux surfaces lisses',
      ],
      details: ['des ombres douces se posent sous les formes arrondies'],
      lights: ['une chaude lumière de studio'],
    },
    'oil-painting': {
      look: 'style peinture à l’huile',
      visuals: [
        'd’épais coups de pinceau en ocre et terre d’ombre',
        'des couches de peinture riches et un vernis doré',
      ],
      details: ['la texture de la toile apparaît dans chaque ombre'],
      lights: ['une chaude lumière de bougie'],
    },
    'noir': {
      look: 'style film noir',
      visuals: [
        'des rues trempées de pluie et des ombres dures',
        'un noir et blanc très contrasté',
      ],
      details: ['la lumière traverse les stores en bandes dures'],
      lights: ['un unique réverbère'],
    },
  },
  moods: {
    chill: moodNouns(
      ['calme', 'sérénité', 'douceur'],
      [
        'Rien ne presse, laissez le moment respirer.',
        'Respirez profondément et profitez du paysage.',
      ]
    ),
    epic: moodNouns(
      ['grandeur', 'courage', 'puissance'],
      ['Jamais l’enjeu n’a été aussi grand.', 'C’est ainsi que naissent les légendes.']
    ),
    horror: moodNouns(
      ['peur', 'angoisse', 'inquiétude'],
      ['Quelque chose ne va pas ici.', 'Ne détournez pas le regard, pas une seconde.']
    ),
    uplifting: moodNouns(
      ['espoir', 'joie', 'chaleur'],
      [
        'Et c’est ce passage qui me donne de l’espoir.',
        'Parfois, les plus petites choses changent tout.',
      ]
    ),
    engaging: moodNouns(
      ['curiosité', 'surprise', 'émerveillement'],
      ['Voici le rebondissement que personne n’attend.', 'Restez jusqu’à la fin, ça vaut le coup.']
    ),
  },
  shots: ['Plan large', 'Gros plan', 'Plan moyen', 'Plan aérien', 'Contre-plongée', 'Travelling'],
  actions: [],
  determiners: [
    'le',
    'la',
    'les',
    'un',
    'une',
    'des',
    'du',
    'mon',
    'ma',
    'mes',
    'son',
    'sa',
    'ses',
    'ce',
    'cette',
  ],
  stopwords:
    `à au aux avec chez contre dans de du en entre par pour sans sous sur vers et ou mais donc
or ni car que qui quand comme est sont était être a ont très plus moins se ne pas leur leurs notre
nos votre vos vidéo histoire`.split(/\s+/),
  definiteSubject: false,
  capitalizedNouns: false,
  fallbackSubject: 'cette histoire',
  framings: [
    'histoire',
    'visite',
    'documentaire',
    'vidéo',
    'film',
    'guide',
    'voyage',
    'promenade',
    'portrait',
    'regard',
    'vie',
    'monde',
    'secrets',
    'art',
    'journée',
    'tour',
  ],
  polish: (text) =>
    text
      .replace(/(^|\s)de (des|de|du) /g, '$1de ')
      .replace(/(^|\s)de les /g, '$1des ')
      .replace(/(^|\s)de le /g, '$1du ')
      .replace(/(^|\s)à les /g, '$1aux ')
      .replace(/(^|\s)à le /g, '$1au ')
      .replace(/(^|\s)de d’/g, '$1d’')
      .replace(
        /(^|[\s,])(de|que|le|la|je|ne) (?=[aeiouyéèêàâîôûAEIOUYÉÈÊÀÂÎÔÛ])/g,
        (_, before: string, word: string) => `${before}${word.slice(0, -1)}’`
      ),
  linkers: ['de', 'au', 'aux', 'à'],
  requests: [
    /^(?:(?:je\s+veux|fais|crée)\s+)?(?:une?\s+)?(?:(?:courte|petite)\s+)?(?:vidéo|clip|film|documentaire)\s+(?:courte\s+)?(?:sur|à\s+propos\s+de|qui\s+montre)\s+/i,
    /^(?:astuces|conseils|idées)\s+(?:pour|sur)\s+/i,
  ],
  howTo: {
    pattern: /^comment\s+(\p{L}+(?:er|ir|re|oir)\b.*)$/iu,
    verb: 'first',
    hooks: [
      'Vous voulez savoir comment {activity}. Je vous montre.',
      'Voici comment {activity}, étape par étape.',
      'Aujourd’hui, on apprend à {activity}.',
    ],
    payoffs: [
      'Et voilà comment {activity}.',
      'Vous savez maintenant comment {activity}.',
      'C’est tout ce qu’il faut pour {activity}.',
    ],
  },
  question: {
    hooks: ['{question} Voici la réponse.', '{question} On va le découvrir ensemble.'],
    payoffs: ['Vous en savez maintenant un peu plus sur {subject}.', 'Et voilà la réponse.'],
    auxiliaries: [],
  },
}

const german: Lexicon = {
  voice: {
    hook: [
      'Stell dir vor: {topic}.',
      'Unser Thema heute: {subject}.',
      'Du glaubst, du hast schon alles gesehen? Dann schau dir das an.',
      'Bleib kurz dran, denn diese Geschichte hat es in sich.',
    ],
    setup: [
      'Alles beginnt hier: {subject}.',
      'Auf den ersten Blick wirkt alles ganz gewöhnlich.',
      'Eine Stimmung voller {feeling} liegt in der Luft.',
      'Schau genauer hin und du entdeckst etwas Neues: {thing}.',
      'Die Welt hier: {visual}.',
    ],
    build: [
      'Nach und nach nimmt die Geschichte Gestalt an.',
      'Und schau: {detail}.',
      'Jedes Detail zählt: {detail}.',
      'Je näher wir kommen, desto klarer wird alles.',
      'Behalte das im Blick: {thing}.',
      'Langsam wächst eine Stimmung voller {feeling}.',
    ],
    turn: [
      'Und dann ändert sich alles.',
      'Plötzlich steht alles Kopf.',
      'Das ist der Moment, in dem alles kippt.',
      'Damit hat niemand gerechnet.',
    ],
    transition: [
      'Aber das ist erst der Anfang.',
      'Gehen wir noch ein Stück weiter.',
      'Und jetzt wird es richtig spannend.',
    ],
    payoff: [
      'Am Ende bleibt vor allem eines: {feeling}.',
      'Und das ist die wahre Geschichte dahinter: {subject}.',
      'Manchmal genügt eine Kleinigkeit, um alles zu verändern.',
    ],
    call: [
      'Folge mir für mehr.',
      'Folge mir für mehr Geschichten wie diese.',
      'Speichere dieses Video und schau es später nochmal.',
      'Schreib mir in die Kommentare, was du tun würdest.',
      'Teile es mit jemandem, der es sehen muss.',
    ],
  },
  styles: {
    'anime': {
      look: 'Anime-Stil',
      visuals: [
        'Cel-Shading-Konturen und ein leuchtend blauer Himmel',
        'Speedlines und satte Farben',
      ],
      details: ['Kirschblüten wehen durchs Bild'],
      lights: ['eine strahlende Nachmittagssonne'],
    },
    'cinematic': {
      look: 'Kinostil',
      visuals: [
        'anamorphe Lens Flares und ein Teal-Orange-Look',
        'tiefe Schatten und geringe Schärfentiefe',
      ],
      details: ['Staub schwebt in einem goldenen Lichtstrahl'],
      lights: ['goldenes Gegenlicht am Abend'],
    },
    'realistic': {
      look: 'realistischen Stil',
      visuals: ['natürliches Licht und echte Texturen', 'ein weiter Horizont unter sanftem Himmel'],
      details: ['Wolken ziehen langsam über den Horizont'],
      lights: ['weiches Morgenlicht'],
    },
    'pixel': {
      look: 'Pixel-Art-Stil',
      visuals: ['grobe Pixel und eine Retro-Palette', 'eine klotzige Skyline und eine Pixelsonne'],
      details: ['Pixelsterne blinken am Himmel'],
      lights: ['ein Acht-Bit-Sonnenuntergang'],
    },
    'watercolor': {
      look: 'Aquarell-Stil',
      visuals: ['weiche Farbflecken auf Papier', 'lockere Pinselstriche und blasse Pigmente'],
      details: ['die Farbe breitet sich langsam auf dem Papier aus'],
      lights: ['blasses Morgenlicht'],
    },
    'studio-ghibli': {
      look: 'Ghibli-Stil',
      visuals: [
        'pastellfarbene Hügel unter ziehenden Wolken',
        'handgemalte Wiesen und ein weiter Himmel',
      ],
      details: ['hohes Gras wiegt sich im warmen Wind'],
      lights: ['ein warmer Sommernachmittag'],
    },
    'cyberpunk': {
      look: 'Cyberpunk-Stil',
      visuals: [
        'Neonschilder in Magenta und Cyan über nassem Asphalt',
        'ein leuchtendes Raster bis zum Horizont',
      ],
      details: ['holografische Werbung flackert im Regen'],
      lights: ['summende Neonröhren'],
    },
    'pixar': {
      look: 'Pixar-Stil',
      visuals: [
        'glänzende, runde Formen in Bonbonfarben',
        'eine verspielte Welt aus glatten Oberflächen',
      ],
      details: ['weiche Schatten sammeln sich unter runden Formen'],
      lights: ['warmes Studiolicht'],
    },
    'oil-painting': {
      look: 'Ölgemälde-Stil',
      visuals: [
        'dicke Pinselstriche in Ocker und Umbra',
        'satte Farbschichten und ein goldener Firnis',
      ],
      details: ['die Leinwandstruktur zeigt sich in jedem Schatten'],
      lights: ['warmes Kerzenlicht'],
    },
    'noir': {
      look: 'Film-noir-Stil',
      visuals: ['regennasse Straßen und harte Schatten', 'kontrastreiches Schwarz-Weiß'],
      details: ['Licht fällt in harten Streifen durch die Jalousien'],
      lights: ['eine einzelne Straßenlaterne'],
    },
  },
  moods: {
    chill: moodNouns(
      ['Ruhe', 'Gelassenheit', 'Leichtigkeit'],
      ['Keine Eile, lass den Moment wirken.', 'Atme tief durch und genieß die Aussicht.']
    ),
    epic: moodNouns(
      ['Größe', 'Mut', 'Kraft'],
      ['Noch nie stand so viel auf dem Spiel.', 'So entstehen Legenden.']
    ),
    horror: moodNouns(
      ['Angst', 'Unbehagen', 'Spannung'],
      ['Irgendetwas stimmt hier nicht.', 'Schau nicht weg, nicht eine Sekunde.']
    ),
    uplifting: moodNouns(
      ['Hoffnung', 'Freude', 'Wärme'],
      ['Und genau dieser Teil macht mir Hoffnung.', 'Manchmal verändern die kleinsten Dinge alles.']
    ),
    engaging: moodNouns(
      ['Neugier', 'Überraschung', 'Staunen'],
      [
        'Jetzt kommt die Wendung, mit der niemand rechnet.',
        'Bleib bis zum Ende dran, es wird noch besser.',
      ]
    ),
  },
  shots: ['Totale', 'Nahaufnahme', 'Halbtotale', 'Luftaufnahme', 'Untersicht', 'Kamerafahrt'],
  actions: [],
  determiners: [
    'der',
    'die',
    'das',
    'ein',
    'eine',
    'einen',
    'einem',
    'einer',
    'mein',
    'meine',
    'dein',
    'sein',
  ],
  stopwords:
    `an auf aus bei durch für gegen hinter in im mit nach neben ohne über um unter von vor zu
zum zur und oder aber denn sondern dass wie wenn wo ist sind war waren sehr mehr sich nicht den dem
des video geschichte`.split(/\s+/),
  definiteSubject: false,
  capitalizedNouns: true,
  fallbackSubject: 'diese Geschichte',
  framings: [
    'geschichte',
    'tour',
    'rundgang',
    'dokumentation',
    'video',
    'film',
    'reise',
    'spaziergang',
    'porträt',
    'blick',
    'leben',
    'welt',
    'geheimnisse',
    'kunst',
    'tag',
    'besuch',
  ],
  polish: (text) => text,
  linkers: [],
  requests: [
    /^(?:(?:ich\s+will|ich\s+möchte|mach|erstelle)\s+)?(?:ein(?:en)?\s+)?(?:(?:kurzes|kleines)\s+)?(?:Video|Clip|Film)\s+(?:über|zu|zum|zur|das\s+zeigt,?)\s+/i,
    /^(?:Tipps|Ideen|Tricks)\s+(?:für|zum|zur|zu)\s+/i,
  ],
  howTo: {
    pattern: /^wie\s+man\s+(\S.*)$/i,
    verb: 'last',
    hooks: [
      'Heute zeige ich dir, wie man {activity}.',
      'Du willst wissen, wie man {activity}? Dann schau genau hin.',
      'So einfach geht es: Hier siehst du, wie man {activity}.',
    ],
    payoffs: [
      'Und genau so sieht es aus, wenn man {activity}.',
      'Jetzt weißt du, wie man {activity}.',
    ],
  },
  question: {
    hooks: ['{question} Hier ist die Antwort.', '{question} Finden wir es heraus.'],
    payoffs: ['Und das ist die Antwort.', 'Jetzt kennst du die Antwort, einfacher als gedacht.'],
    auxiliaries: [],
  },
}

function moodNouns(feelings: string[], lines: string[]): MoodWords {
  return { adjectives: [], feelings, hooks: [], lines }
}

const LEXICONS: Partial<Record<Language, Lexicon>> = { english, spanish, french, german }

/** Languages without their own templates are written in English. */
export function lexiconFor(language: Language) {
  return LEXICONS[language] ?? english
}

export function hasLexicon(language: string) {
  return language in LEXICONS
}
