/**
 * The languages Reelforge narrates in, one row each (docs/decisions.md,
 * Credits and plans; docs/product.md, Languages): the profile, /setup, the API, MCP, the validators, the OpenAPI
 * enums, the offline voices and the credit rule all read this list. Pages get
 * the rows they need as props, so the table stays out of their bundles.
 */
import type { SpeechPace } from './script_plan.js'

export type WritingSystem =
  | 'latin'
  | 'cyrillic'
  | 'greek'
  | 'arabic'
  | 'hebrew'
  | 'devanagari'
  | 'thai'
  | 'han'
  | 'kana-han'
  | 'hangul'

export type LanguageEntry = SpeechPace & {
  /** The stored value: profiles, projects and the API's `language` fields. */
  name: string
  displayName: string
  /** BCP-47, also what Intl.Segmenter cuts the script with. */
  locale: string
  writingSystem: WritingSystem
  direction: 'ltr' | 'rtl'
  /** eSpeak NG voices of the shipped engine: a voice, `+` a variant, and the name a creator sees. */
  offlineVoices: readonly { id: string; name: string }[]
  /** Null when the offline voice reads the language well; else why not and what reads it better. */
  offlineReading: string | null
  /** Whether ElevenLabs' multilingual v2 model (the fal driver's narrator) speaks it. */
  elevenLabs: boolean
  /** "Hello! This is how I will narrate your video.", for voice previews. */
  sample: string
}

const ELEVENLABS_BETTER = 'an ElevenLabs voice (fal driver) reads it naturally'

export const LANGUAGE_CATALOGUE = [
  {
    name: 'english',
    displayName: 'English',
    locale: 'en',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [
      { id: 'en-us', name: 'Alex (US English)' },
      { id: 'en-gb-x-rp+f3', name: 'Olivia (British English)' },
    ],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Hi! This is how I will narrate your video.',
  },
  {
    name: 'spanish',
    displayName: 'Spanish',
    locale: 'es',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'es+f2', name: 'Lucía (Spanish)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: '¡Hola! Así es como voy a narrar tu vídeo.',
  },
  {
    name: 'french',
    displayName: 'French',
    locale: 'fr',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'fr-fr', name: 'Louis (French)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Bonjour ! Voici comment je vais raconter votre vidéo.',
  },
  {
    name: 'german',
    displayName: 'German',
    locale: 'de',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'de+f4', name: 'Hanna (German)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Hallo! So werde ich dein Video erzählen.',
  },
  {
    name: 'italian',
    displayName: 'Italian',
    locale: 'it',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'it', name: 'Marco (Italian)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Ciao! Ecco come racconterò il tuo video.',
  },
  {
    name: 'portuguese',
    displayName: 'Portuguese',
    locale: 'pt',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'pt-br+f3', name: 'Beatriz (Brazilian Portuguese)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Olá! É assim que vou narrar o seu vídeo.',
  },
  {
    name: 'dutch',
    displayName: 'Dutch',
    locale: 'nl',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'nl', name: 'Daan (Dutch)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Hallo! Zo ga ik jouw video vertellen.',
  },
  {
    name: 'polish',
    displayName: 'Polish',
    locale: 'pl',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.1,
    offlineVoices: [{ id: 'pl+f2', name: 'Zofia (Polish)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Cześć! Tak będę opowiadać twój film.',
  },
  {
    name: 'russian',
    displayName: 'Russian',
    locale: 'ru',
    writingSystem: 'cyrillic',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.1,
    offlineVoices: [{ id: 'ru', name: 'Ivan (Russian)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Привет! Вот так я расскажу ваше видео.',
  },
  {
    name: 'ukrainian',
    displayName: 'Ukrainian',
    locale: 'uk',
    writingSystem: 'cyrillic',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.1,
    offlineVoices: [{ id: 'uk+f2', name: 'Oksana (Ukrainian)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Привіт! Ось так я розповім ваше відео.',
  },
  {
    name: 'turkish',
    displayName: 'Turkish',
    locale: 'tr',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 1.3,
    offlineVoices: [{ id: 'tr', name: 'Emre (Turkish)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Merhaba! Videonuzu böyle anlatacağım.',
  },
  {
    name: 'greek',
    displayName: 'Greek',
    locale: 'el',
    writingSystem: 'greek',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.3,
    offlineVoices: [{ id: 'el+f3', name: 'Eleni (Greek)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Γεια σας! Έτσι θα αφηγηθώ το βίντεό σας.',
  },
  {
    name: 'swedish',
    displayName: 'Swedish',
    locale: 'sv',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.5,
    offlineVoices: [{ id: 'sv', name: 'Erik (Swedish)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Hej! Så här kommer jag att berätta din video.',
  },
  {
    name: 'romanian',
    displayName: 'Romanian',
    locale: 'ro',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.1,
    offlineVoices: [{ id: 'ro+f2', name: 'Ioana (Romanian)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Salut! Așa voi povesti videoclipul tău.',
  },
  {
    name: 'czech',
    displayName: 'Czech',
    locale: 'cs',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.1,
    offlineVoices: [{ id: 'cs', name: 'Jakub (Czech)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Ahoj! Takhle budu vyprávět vaše video.',
  },
  {
    name: 'indonesian',
    displayName: 'Indonesian',
    locale: 'id',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.0,
    offlineVoices: [{ id: 'id+f3', name: 'Sari (Indonesian)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'Halo! Beginilah saya akan menarasikan video Anda.',
  },
  {
    name: 'vietnamese',
    displayName: 'Vietnamese',
    locale: 'vi',
    writingSystem: 'latin',
    direction: 'ltr',
    unit: 'word',
    perSecond: 3.2,
    offlineVoices: [{ id: 'vi', name: 'Minh (Vietnamese)' }],
    offlineReading: null,
    elevenLabs: false,
    sample: 'Xin chào! Đây là cách tôi sẽ kể video của bạn.',
  },
  {
    name: 'arabic',
    displayName: 'Arabic',
    locale: 'ar',
    writingSystem: 'arabic',
    direction: 'rtl',
    unit: 'word',
    perSecond: 1.4,
    offlineVoices: [{ id: 'ar', name: 'Omar (Arabic)' }],
    offlineReading: `The offline voice guesses the vowels Arabic leaves unwritten and often misreads them: write the harakat, or ${ELEVENLABS_BETTER}.`,
    elevenLabs: true,
    sample: 'مرحبا! هكذا سأروي الفيديو الخاص بك.',
  },
  {
    name: 'hebrew',
    displayName: 'Hebrew',
    locale: 'he',
    writingSystem: 'hebrew',
    direction: 'rtl',
    unit: 'word',
    perSecond: 2.2,
    offlineVoices: [{ id: 'he+f2', name: 'Noa (Hebrew)' }],
    offlineReading:
      'The offline voice guesses the vowels Hebrew leaves unwritten and often misreads them: write the niqqud for a clearer reading.',
    elevenLabs: false,
    sample: 'שלום! כך אספר את הסרטון שלך.',
  },
  {
    name: 'hindi',
    displayName: 'Hindi',
    locale: 'hi',
    writingSystem: 'devanagari',
    direction: 'ltr',
    unit: 'word',
    perSecond: 2.2,
    offlineVoices: [{ id: 'hi+f3', name: 'Priya (Hindi)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: 'नमस्ते! मैं आपका वीडियो ऐसे सुनाऊँगी।',
  },
  {
    name: 'thai',
    displayName: 'Thai',
    locale: 'th',
    writingSystem: 'thai',
    direction: 'ltr',
    unit: 'character',
    perSecond: 6,
    offlineVoices: [{ id: 'th', name: 'Somchai (Thai)' }],
    offlineReading:
      'The offline voice reads Thai flatly, tones often wrong; no ElevenLabs voice (multilingual v2) speaks Thai yet.',
    elevenLabs: false,
    sample: 'สวัสดีครับ นี่คือเสียงที่ผมจะเล่าวิดีโอของคุณ',
  },
  {
    name: 'japanese',
    displayName: 'Japanese',
    locale: 'ja',
    writingSystem: 'kana-han',
    direction: 'ltr',
    unit: 'character',
    perSecond: 5,
    offlineVoices: [{ id: 'ja+f3', name: 'Yui (Japanese)' }],
    offlineReading: `The offline voice reads kana but spells kanji out sign by sign: write in kana, or ${ELEVENLABS_BETTER}.`,
    elevenLabs: true,
    sample: 'こんにちは！このように、あなたのビデオをナレーションします。',
  },
  {
    name: 'korean',
    displayName: 'Korean',
    locale: 'ko',
    writingSystem: 'hangul',
    direction: 'ltr',
    unit: 'word',
    perSecond: 1.2,
    offlineVoices: [{ id: 'ko', name: 'Minjun (Korean)' }],
    offlineReading: null,
    elevenLabs: true,
    sample: '안녕하세요! 이렇게 영상을 소개해 드릴게요.',
  },
  {
    name: 'chinese',
    displayName: 'Mandarin Chinese (Simplified)',
    locale: 'zh-Hans',
    writingSystem: 'han',
    direction: 'ltr',
    unit: 'character',
    perSecond: 3.5,
    offlineVoices: [{ id: 'cmn', name: 'Wei (Mandarin Chinese)' }],
    offlineReading: `The offline voice reads Mandarin with flat, often wrong tones: ${ELEVENLABS_BETTER}.`,
    elevenLabs: true,
    sample: '你好！我会这样为你的视频配音。',
  },
] as const satisfies readonly LanguageEntry[]

export type Language = (typeof LANGUAGE_CATALOGUE)[number]['name']

export const LANGUAGES = LANGUAGE_CATALOGUE.map((entry) => entry.name) as [Language, ...Language[]]

/** The row of a stored language name; English for one no longer (or never) listed. */
export function languageNamed(name: string | null | undefined): LanguageEntry {
  return LANGUAGE_CATALOGUE.find((entry) => entry.name === name) ?? LANGUAGE_CATALOGUE[0]
}

export function isLanguage(name: unknown): name is Language {
  return LANGUAGE_CATALOGUE.some((entry) => entry.name === name)
}

/** The 422 message of every `language` field. */
export const LANGUAGE_REFUSAL = `Unsupported language. Supported languages: ${LANGUAGES.join(', ')}.`
