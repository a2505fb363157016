import type { ScriptFontId } from '#media/render/caption_scripts'

/**
 * A short sentence in each writing system issue #38 speaks, with its
 * locale and the script font it needs whatever the caption style (none:
 * the style's own font, or DejaVu Sans where that lacks a letter).
 */
export const SCRIPT_SAMPLES: {
  script: string
  locale: string
  text: string
  font?: ScriptFontId
}[] = [
  { script: 'Latin', locale: 'en', text: 'The keeper climbed the stairs.' },
  { script: 'Latin (Vietnamese)', locale: 'vi', text: 'Người gác đèn leo cầu thang.' },
  { script: 'Cyrillic', locale: 'ru', text: 'Смотритель поднялся по лестнице.' },
  { script: 'Greek', locale: 'el', text: 'Ο φύλακας ανέβηκε τις σκάλες.' },
  { script: 'Arabic', locale: 'ar', text: 'صعد الحارس الدرج.', font: 'arabic' },
  { script: 'Hebrew', locale: 'he', text: 'השומר עלה במדרגות.', font: 'hebrew' },
  { script: 'Devanagari', locale: 'hi', text: 'रखवाला सीढ़ियाँ चढ़ गया।', font: 'devanagari' },
  { script: 'Thai', locale: 'th', text: 'ผู้ดูแลปีนบันได', font: 'thai' },
  { script: 'Han', locale: 'zh-Hans', text: '看守人爬上楼梯。', font: 'chinese' },
  { script: 'Kana', locale: 'ja', text: 'かいだんをのぼった。', font: 'japanese' },
  { script: 'Hangul', locale: 'ko', text: '등대지기는 계단을 올랐다.', font: 'korean' },
]
