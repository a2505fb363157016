/**
 * Where a script may be cut when no punctuation is near (docs/product.md,
 * Storyboard): before a word that opens a clause, else before one that opens
 * a phrase, and never after a word that leans on the next one. Per narration
 * language (the names of app/core/vocabulary.ts's LANGUAGES), lower case; a
 * French elision is written with its apostrophe ("qu'").
 */
type ClauseWords = {
  /** Conjunctions and relative words: a clause starts with them. */
  joiners: string[]
  /** Prepositions and the infinitive marker: a phrase starts with them. */
  prepositions: string[]
  /** Articles, possessives and "of": they never end a scene. */
  determiners: string[]
}

/** Each list written as words apart: a plain literal the front end's bundle leaves out unused. */
export const CLAUSE_WORDS: Record<string, Record<keyof ClauseWords, string>> = {
  english: {
    joiners: `and but or nor so yet while as when whenever where wherever which who whom whose
      that then because since until till although though if unless once whereas`,
    prepositions: `for to with without in into on onto at from by about across after before
      behind beneath below beside between beyond during over under through toward towards past
      near along around against among inside outside upon within like`,
    determiners: `the a an of my your his its our their every each some any these those`,
  },
  spanish: {
    joiners: `y e o u pero sino ni que quien quienes cuando donde mientras porque aunque pues
      como luego entonces si cual cuyo cuya`,
    prepositions: `a al con para por en sobre sin hacia hasta desde entre tras durante bajo
      contra`,
    determiners: `el la los las un una unos unas de del su sus mi mis tu tus este esta estos
      estas nuestro nuestra nuestros nuestras`,
  },
  french: {
    joiners: `et mais ou donc or ni car qui que qu' dont où quand lorsque lorsqu' puis alors
      comme si puisque puisqu' tandis`,
    prepositions: `à au aux avec pour par en dans sur sous sans vers chez depuis pendant entre
      contre après avant jusqu'`,
    determiners: `le la les l' un une des du de d' son sa ses mon ma mes ton ta tes leur leurs
      notre nos votre vos ce cet cette ces`,
  },
  german: {
    joiners: `und aber oder denn sondern doch dass weil wenn als während bevor nachdem bis ob
      obwohl damit wo wie sodass`,
    prepositions: `mit für zu zum zur in im ins an am auf über unter nach vor von vom bei beim
      aus durch gegen ohne um hinter neben zwischen seit`,
    determiners: `der die das den dem des ein eine einen einem einer eines sein seine seinen
      seinem seiner ihr ihre ihren ihrem ihrer mein meine unser unsere kein keine`,
  },
  italian: {
    joiners: `e ed ma o oppure che chi cui quando mentre dove perché poi allora se come però
      quindi`,
    prepositions: `a ad al allo alla ai agli alle con per in nel nella nei nelle su sul sulla
      da dal dalla tra fra verso senza sopra sotto dopo`,
    determiners: `il lo la i gli le un uno una l' un' di del della dei degli delle suo sua suoi
      sue mio mia`,
  },
  portuguese: {
    joiners: `e mas ou nem que quem quando onde enquanto porque como então se embora pois`,
    prepositions: `a ao aos à às com para por em no na nos nas pelo pela pelos pelas num numa
      sobre sem até desde entre após contra`,
    determiners: `o a os as um uma uns umas de do da dos das seu sua seus suas meu minha`,
  },
  dutch: {
    joiners: `en maar of want dus terwijl toen als wanneer omdat die dat wie waar dan hoewel
      zodat voordat nadat totdat`,
    prepositions: `met voor naar in op aan bij door uit over onder tegen zonder tot tussen
      achter naast langs om te`,
    determiners: `de het een van zijn haar mijn onze hun deze`,
  },
  polish: {
    joiners: `i a oraz ale lecz albo lub czy więc bo że który która które którzy gdy kiedy
      gdzie jak jeśli chociaż choć potem zanim aż ponieważ`,
    prepositions: `z ze w we na do od po przy dla bez pod nad przed za przez o u ku między`,
    determiners: `ten ta tę tego mój moja jego jej ich`,
  },
  russian: {
    joiners: `и а но или что чтобы когда где который которая которое которые если потому пока
      хотя затем потом поэтому как`,
    prepositions: `в во на с со к ко по из от до для без под над перед за через при о об у между`,
    determiners: `мой моя моё мои твой его её их наш наша этот эта это эти`,
  },
  ukrainian: {
    joiners: `і й та а але або чи що щоб коли де який яка яке які якщо бо поки хоча потім тому як`,
    prepositions: `в у на з із зі до від для без під над перед за через при про між`,
    determiners: `мій моя моє мої твій його її їхній наш наша цей ця це ці`,
  },
  turkish: {
    joiners: `ve ama fakat ya veya çünkü ki eğer sonra ise hem`,
    prepositions: `için ile gibi kadar göre doğru karşı sonra önce`,
    determiners: `bir bu şu o her`,
  },
  greek: {
    joiners: `και αλλά ή ότι που όταν όπου αν επειδή ενώ μετά τότε όπως οποίος οποία οποίο`,
    prepositions: `σε στο στη στην στον στα στους στις με για από προς χωρίς μέχρι κατά μετά πριν`,
    determiners: `ο η το οι τα τον την του της των ένας μία μια ένα μου σου μας σας τους`,
  },
  swedish: {
    joiners: `och men eller så att som när där om eftersom medan innan tills fast då`,
    prepositions: `för till med utan i på av från vid under över genom mot efter före bland hos om`,
    determiners: `en ett den det de min mitt mina din ditt dina hans hennes vår vårt våra deras`,
  },
  romanian: {
    joiners: `și dar sau iar că care când unde dacă pentru că deși apoi ca`,
    prepositions: `la în cu pe din de pentru spre fără până prin după sub peste între`,
    determiners: `un o niște al a ai ale lui ei meu mea mei mele său sa`,
  },
  czech: {
    joiners: `a i ale nebo či že který která které když kde jestli protože zatímco než pak tak`,
    prepositions: `v ve na s se k ke po z ze od do pro bez pod nad před za přes při o u mezi`,
    determiners: `ten ta to ti ty můj moje jeho její jejich náš naše`,
  },
  indonesian: {
    joiners: `dan tetapi tapi atau yang ketika saat di mana jika karena sementara lalu kemudian
      sehingga meskipun`,
    prepositions: `di ke dari untuk dengan pada dalam tanpa sampai oleh tentang antara`,
    determiners: `sebuah seorang ini itu para`,
  },
  vietnamese: {
    joiners: `và nhưng hoặc hay mà khi nơi nếu vì rồi nên thì`,
    prepositions: `cho với trong trên dưới từ đến tới về qua bởi của`,
    determiners: `các những một cái này đó`,
  },
  arabic: {
    joiners: `و ثم لكن أو أن إن الذي التي الذين عندما حيث إذا لأن بينما حتى`,
    prepositions: `في من إلى على عن مع بعد قبل بين خلال دون نحو`,
    determiners: `هذا هذه ذلك تلك كل بعض`,
  },
  hebrew: {
    joiners: `ו אבל או ש אשר כאשר כש איפה אם כי בגלל בזמן ואז אז גם`,
    prepositions: `ב ל מ על עם אל אחרי לפני בין בלי תחת ליד דרך`,
    determiners: `ה של את זה זאת אלה כל`,
  },
  hindi: {
    joiners: `और तथा लेकिन पर परंतु या कि जो जब जहाँ अगर क्योंकि जबकि फिर तो`,
    prepositions: `में पर से को तक लिए साथ बिना बाद पहले`,
    determiners: `का की के एक यह वह मेरा मेरी हमारा`,
  },
  thai: {
    joiners: `และ แต่ หรือ ว่า ที่ ซึ่ง เมื่อ ถ้า เพราะ ขณะที่ แล้ว จึง`,
    prepositions: `ใน บน กับ จาก ถึง ไป สู่ โดย สำหรับ เพื่อ ใต้`,
    determiners: `ของ นี้ นั้น`,
  },
  japanese: {
    joiners: `そして しかし でも だから それから また けれど ので から が`,
    prepositions: `へ に で と を`,
    determiners: `の この その あの`,
  },
  korean: {
    joiners: `그리고 하지만 그러나 그래서 그런데 또는 혹은 그러면 왜냐하면`,
    prepositions: `위해 함께`,
    determiners: `이 그 저 우리 나의`,
  },
  chinese: {
    joiners: `和 与 但是 但 可是 或者 因为 所以 然后 而且 如果 虽然 当 并且`,
    prepositions: `在 从 向 对 给 跟 把 被 为了 到 往`,
    determiners: `的 这 那 这个 那个 一个`,
  },
}

/** The languages a script sent without one is most likely in: the Latin-alphabet eight. */
const LATIN_EIGHT = [
  'english',
  'spanish',
  'french',
  'german',
  'italian',
  'portuguese',
  'dutch',
  'polish',
]

/**
 * The words of one language, or, for a script whose language is not known,
 * of the Latin-alphabet eight, where a word that is an
 * article anywhere ("a", "die", "o") never opens a cut but still never ends
 * a scene.
 */
export function clauseWordsFor(language?: string): ClauseWords {
  const known = language ? CLAUSE_WORDS[language] : undefined
  if (known) return listed(known)
  const all = LATIN_EIGHT.map((name) => listed(CLAUSE_WORDS[name]))
  const determiners = new Set(all.flatMap((words) => words.determiners))
  const opening = (pick: (words: ClauseWords) => string[]) => [
    ...new Set(all.flatMap(pick).filter((word) => !determiners.has(word))),
  ]
  return {
    joiners: opening((words) => words.joiners),
    prepositions: opening((words) => words.prepositions),
    determiners: [...determiners],
  }
}

function listed(words: Record<keyof ClauseWords, string>): ClauseWords {
  const list = (text: string) => text.split(/\s+/).filter(Boolean)
  return {
    joiners: list(words.joiners),
    prepositions: list(words.prepositions),
    determiners: list(words.determiners),
  }
}
