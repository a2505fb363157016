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
}

/**
 * The words of one language, or, for a script whose language is not known,
 * of all of them, where a word that is an article anywhere ("a", "die", "o")
 * never opens a cut but still never ends a scene.
 */
export function clauseWordsFor(language?: string): ClauseWords {
  const known = language ? CLAUSE_WORDS[language] : undefined
  if (known) return listed(known)
  const all = Object.values(CLAUSE_WORDS).map(listed)
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
