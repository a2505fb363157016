/*
 * The everyday subjects the offline stills can draw, and the words that name
 * them. A prompt's words are looked up singular and plural; the first words
 * found decide the setting and the things in it. A word may name two motifs
 * ("snow" is a place and a weather).
 */

/** Where a scene takes place: the backdrop. */
export const SETTINGS = [
  'sea',
  'harbour',
  'beach',
  'lake',
  'river',
  'mountain',
  'forest',
  'field',
  'desert',
  'snow',
  'street',
  'city',
  'garden',
  'kitchen',
  'room',
] as const

/** What the sky does: the time of day and the weather. */
export const SKIES = [
  'sun',
  'moon',
  'dawn',
  'dusk',
  'night',
  'clouds',
  'fog',
  'rain',
  'storm',
  'snowfall',
] as const

/** Things standing in the scene. */
export const THINGS = [
  'boat',
  'tram',
  'car',
  'bicycle',
  'train',
  'bridge',
  'house',
  'castle',
  'church',
  'lighthouse',
  'tree',
  'flower',
  'person',
  'child',
  'dog',
  'cat',
  'bird',
  'fish',
  'horse',
  'food',
  'coffee',
  'bread',
  'cake',
  'fruit',
  'book',
  'computer',
  'phone',
  'fire',
  'tent',
  'robot',
  'plane',
] as const

export type Setting = (typeof SETTINGS)[number]
export type Sky = (typeof SKIES)[number]
export type Thing = (typeof THINGS)[number]
export type Motif = Setting | Sky | Thing

const WORDS: Record<Motif, string[]> = {
  sea: ['sea', 'ocean', 'wave', 'seaside', 'coast', 'surf', 'sailing'],
  harbour: ['harbour', 'harbor', 'port', 'marina', 'quay', 'dock', 'pier', 'wharf'],
  beach: ['beach', 'shore', 'sand', 'seashell'],
  lake: ['lake', 'pond', 'lagoon'],
  river: ['river', 'stream', 'canal', 'creek', 'waterfall'],
  mountain: ['mountain', 'hill', 'peak', 'alps', 'valley', 'summit', 'cliff'],
  forest: ['forest', 'wood', 'woods', 'woodland', 'jungle', 'grove'],
  field: ['field', 'meadow', 'farm', 'countryside', 'grass', 'prairie', 'vineyard'],
  desert: ['desert', 'dune', 'cactus', 'canyon'],
  snow: ['snow', 'snowy', 'winter', 'ice', 'glacier', 'snowman', 'ski'],
  street: ['street', 'road', 'avenue', 'alley', 'sidewalk', 'crossroads'],
  city: ['city', 'town', 'skyline', 'downtown', 'skyscraper', 'metropolis'],
  garden: ['garden', 'park', 'orchard', 'backyard'],
  kitchen: ['kitchen', 'restaurant', 'cafe', 'café', 'bakery', 'diner', 'table'],
  room: ['room', 'office', 'library', 'studio', 'bedroom', 'classroom', 'desk'],
  sun: ['sun', 'sunny', 'sunshine', 'summer', 'noon', 'midday', 'daylight', 'afternoon'],
  moon: ['moon', 'moonlight', 'moonlit'],
  dawn: ['dawn', 'sunrise', 'daybreak', 'morning'],
  dusk: ['dusk', 'sunset', 'twilight', 'evening', 'nightfall'],
  night: ['night', 'star', 'starry', 'midnight', 'galaxy', 'space'],
  clouds: ['cloud', 'cloudy', 'overcast'],
  fog: ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy'],
  rain: ['rain', 'rainy', 'raining', 'drizzle', 'umbrella', 'downpour'],
  storm: ['storm', 'stormy', 'thunder', 'thunderstorm', 'lightning', 'tempest'],
  snowfall: ['snow', 'snowy', 'snowing', 'snowfall', 'snowflake', 'blizzard', 'snowstorm'],
  boat: ['boat', 'ship', 'sailboat', 'yacht', 'ferry', 'fisherman', 'canoe', 'sail'],
  tram: ['tram', 'streetcar', 'trolley', 'cable car'],
  car: ['car', 'taxi', 'truck', 'van', 'bus', 'traffic'],
  bicycle: ['bicycle', 'bike', 'cyclist', 'cycling'],
  train: ['train', 'railway', 'locomotive', 'station', 'subway', 'metro'],
  bridge: ['bridge'],
  house: ['house', 'home', 'cottage', 'cabin', 'village', 'hut', 'farmhouse'],
  castle: ['castle', 'palace', 'fortress', 'tower', 'kingdom'],
  church: ['church', 'cathedral', 'chapel', 'temple', 'mosque'],
  lighthouse: ['lighthouse', 'beacon'],
  tree: ['tree', 'oak', 'pine', 'palm', 'willow', 'leaf', 'leaves'],
  flower: ['flower', 'rose', 'tulip', 'blossom', 'sunflower', 'bloom', 'petal', 'bee'],
  person: [
    'person',
    'man',
    'woman',
    'people',
    'keeper',
    'chef',
    'farmer',
    'traveler',
    'traveller',
    'friend',
    'explorer',
    'hero',
    'stranger',
    'artist',
    'baker',
    'beekeeper',
  ],
  child: ['child', 'children', 'kid', 'boy', 'girl', 'baby', 'student'],
  dog: ['dog', 'puppy', 'hound'],
  cat: ['cat', 'kitten', 'kitty'],
  bird: ['bird', 'gull', 'seagull', 'eagle', 'owl', 'sparrow', 'parrot', 'pigeon', 'crow'],
  fish: ['fish', 'whale', 'dolphin', 'shark', 'salmon'],
  horse: ['horse', 'pony', 'rider'],
  food: ['food', 'meal', 'dinner', 'lunch', 'pasta', 'pizza', 'soup', 'plate', 'recipe', 'cooking'],
  coffee: ['coffee', 'espresso', 'cup', 'tea', 'mug', 'latte', 'barista'],
  bread: ['bread', 'loaf', 'croissant', 'baguette', 'pastry'],
  cake: ['cake', 'dessert', 'cupcake', 'birthday'],
  fruit: ['fruit', 'apple', 'orange', 'lemon', 'berry', 'banana', 'grape'],
  book: ['book', 'novel', 'reading', 'poem', 'letter'],
  computer: ['computer', 'laptop', 'code', 'coding', 'software', 'screen', 'startup'],
  phone: ['phone', 'smartphone', 'selfie'],
  fire: ['fire', 'campfire', 'fireplace', 'flame', 'candle', 'bonfire'],
  tent: ['tent', 'camping', 'camp'],
  robot: ['robot', 'android', 'machine'],
  plane: ['plane', 'airplane', 'airport', 'flight', 'jet'],
}

const LOOKUP = new Map<string, Motif[]>()
for (const [motif, words] of Object.entries(WORDS) as [Motif, string[]][]) {
  for (const word of words) LOOKUP.set(word, [...(LOOKUP.get(word) ?? []), motif])
}

/** "boats" → boat, "churches" → church, "ponies" → pony, "leaves" stays listed. */
function singulars(word: string) {
  const forms = [word]
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`)
  if (word.endsWith('es')) forms.push(word.slice(0, -2))
  if (word.endsWith('s')) forms.push(word.slice(0, -1))
  return forms
}

/** Every word of the vocabulary, for tests and docs. */
export function vocabulary() {
  return [...LOOKUP.keys()]
}

/** The motifs a prompt names, in the order it names them, each once. */
export function motifsOf(prompt: string): Motif[] {
  const words = prompt.toLowerCase().match(/[\p{L}]+/gu) ?? []
  const found: Motif[] = []
  const add = (motifs: Motif[] | undefined) => {
    for (const motif of motifs ?? []) if (!found.includes(motif)) found.push(motif)
  }
  words.forEach((word, index) => {
    add(LOOKUP.get(`${word} ${words[index + 1] ?? ''}`))
    for (const form of singulars(word)) add(LOOKUP.get(form))
  })
  return found
}

export function isSetting(motif: Motif): motif is Setting {
  return (SETTINGS as readonly string[]).includes(motif)
}

export function isSky(motif: Motif): motif is Sky {
  return (SKIES as readonly string[]).includes(motif)
}

export function isThing(motif: Motif): motif is Thing {
  return (THINGS as readonly string[]).includes(motif)
}
