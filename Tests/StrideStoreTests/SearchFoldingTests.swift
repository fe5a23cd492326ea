import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel
@testable import StrideStore

/// One folding for the index and the query: letters people write two ways are found either way, in every script,
/// and the full-text index answers as reading every task does.
@Suite("Finding words in every script")
struct SearchFoldingTests {
  @Test("a word is folded one way: case, accents, ß, ligatures and the letters no accent rule takes apart")
  func folding() {
    let folded = [
      "Straße": "strasse", "STRASSE": "strasse", "Maße": "masse", "ﬁnance": "finance", "Œuvre": "oeuvre",
      "Æble": "aeble", "Øresund": "oresund", "Łódź": "lodz", "Þingvellir": "thingvellir", "İstanbul": "istanbul",
      "ıspanak": "ispanak", "ΟΔΟΣ": "οδοσ", "οδός": "οδοσ", "Ｆｕｌｌ": "full", "x²": "x2", "ℌilbert": "hilbert",
      "Crème": "creme", "Ærø": "aero", "Đắk": "dak",
    ]
    for (word, expected) in folded { #expect(SearchQuery.fold(word) == expected, "\(word)") }
    #expect(SearchQuery.foldedText("Meet at the Café — Müller's 👩‍👩‍👧 ﬁle") == "meet at the cafe muller s file")
  }

  @Test("find finds a word however it is written, in the index and without it alike")
  func writtenTwoWays() throws {
    for indexed in [true, false] {
      let path = Fixtures.temporaryDirectory() + "/stride.db"
      let store = try TaskStore(path: path, searchIndex: indexed)
      let titles = [
        "Straße fix", "MASSE check", "ﬁnance report", "Œuvre list", "Æble pie", "Øresund trip", "Łódź visit",
      ]
      for title in titles { _ = try store.capture(Fixtures.draft(title), at: Fixtures.now) }
      func found(_ text: String) throws -> [Int64] { try store.search(#require(SearchQuery(text))).map(\.id.rawValue) }
      #expect(try found("straße") == [1])
      #expect(try found("strasse") == [1])
      #expect(try found("maße") == [2])
      #expect(try found("finance") == [3])
      #expect(try found("ﬁnance") == [3])
      #expect(try found("oeuvre") == [4])
      #expect(try found("aeble") == [5])
      #expect(try found("oresund") == [6])
      #expect(try found("lodz") == [7])
      store.close()
    }
  }

  /// Words from many scripts, with what makes folding hard: every Latin diacritic, German, Nordic, Polish, Turkish
  /// dotted and dotless i, Greek final sigma, CJK, Hangul, Thai, Devanagari, emoji and ZWJ sequences.
  static let vocabulary = [
    "Straße", "STRASSE", "Maße", "ﬁnance", "ﬂuss", "Œuvre", "œuf", "Æble", "ærø", "Øresund", "Łódź", "Żółć",
    "Gęś", "İstanbul", "ıspanak", "ISPARTA", "Iğdır", "ΟΔΟΣ", "οδός", "σοφός", "Σίσυφος", "Crème", "brûlée",
    "Ångström", "Čeština", "Ŧŋ", "Đắk", "Nguyễn", "Ｆｕｌｌ", "x²", "½", "買い物", "リスト", "東京タワー", "한국어",
    "서울", "ภาษาไทย", "हिन्दी", "किताब", "café", "CAFÉ", "cafe\u{301}", "👩‍👩‍👧", "❤️", "🇩🇪", "e-mail", "don't",
    "naïve", "Þór", "ð", "ǅemal", "ﬀ", "ℌ", "ſtraße", "ᦂᦱᦓ", "ᦓᦱ", "ᳲᳳ",
  ]

  @Test(
    "over random text in many scripts, the full-text index answers exactly as reading every task does",
    arguments: [1, 2, 3])
  func indexAgreesEverywhere(_ seed: UInt64) throws {
    let path = Fixtures.temporaryDirectory() + "/stride.db"
    let store = try TaskStore(path: path)
    #expect(store.searchIndexed)
    var random = SeededRandom(seed)
    func phrase(_ length: Int) -> String {
      (0..<length).map { _ in Self.vocabulary.randomElement(using: &random)! }.joined(separator: " ")
    }
    for index in 0..<150 {
      let task = try store.capture(
        Fixtures.draft(phrase(3), steps: index % 4 == 0 ? [phrase(2)] : []), at: Fixtures.now)
      if index % 3 == 0 { try store.apply(.addNote(task.id, text: phrase(4)), at: Fixtures.now) }
    }
    // Each word whole, each word's first scalars and first characters, and phrases of two neighbouring words.
    var queries: [String] = []
    for word in Self.vocabulary {
      queries.append(word)
      queries.append(String(String.UnicodeScalarView(word.unicodeScalars.prefix(2))))
      queries.append(String(word.prefix(1)))
    }
    for _ in 0..<60 { queries.append("\"\(phrase(2))\"") }
    var nonEmpty = 0
    for text in queries {
      guard let query = SearchQuery(text) else { continue }
      let indexed = try store.search(query)
      #expect(indexed == (try store.rows.search.scanned(query)), "\(text)")
      if !indexed.isEmpty { nonEmpty += 1 }
    }
    // The agreement is not that of two empty answers.
    #expect(nonEmpty > Self.vocabulary.count)
  }
}
