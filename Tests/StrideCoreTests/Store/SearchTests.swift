import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

@Suite("Finding tasks by their words")
struct SearchTests {
  @Test("a query is words and quoted phrases, folded; with no word in it there is no query")
  func reading() throws {
    let query = try #require(SearchQuery("Café  \"Call the BANK\" e-mail"))
    #expect(
      query.terms == [
        .init(words: ["cafe"], prefix: true), .init(words: ["call", "the", "bank"], prefix: true),
        .init(words: ["e", "mail"], prefix: true),
      ])
    #expect(SearchQuery("  ") == nil)
    #expect(SearchQuery("!! \"\" --") == nil)
  }

  @Test("every word must match, from the start of a word; a phrase matches words side by side, the last from its start")
  func matching() throws {
    func finds(_ query: String, _ texts: [String]) -> Bool { SearchQuery(query)!.matches(texts) }
    #expect(finds("cafe", ["meet at the Café Müller"]))
    #expect(finds("MULLER cafe", ["meet at the Café Müller"]))
    #expect(finds("dent", ["call the dentist"]))
    #expect(!finds("tist", ["call the dentist"]))
    #expect(!finds("dentist plumber", ["call the dentist"]))
    // Words may be in different texts: the title and a note.
    #expect(finds("dentist thursday", ["call the dentist", "she said Thursday"]))
    #expect(finds("\"the lease\"", ["renew the lease"]))
    #expect(!finds("\"lease the\"", ["renew the lease"]))
    #expect(finds("\"the lea\"", ["renew the lease"]))
    #expect(finds("\"sam send\"", ["ask Sam sends the forms"]))
    #expect(!finds("\"sa send\"", ["ask Sam sends the forms"]))
    #expect(!finds("\"lease renewal\"", ["lease", "renewal"]))
  }

  @Test("the matching words of a text are found for highlighting, in place")
  func highlights() throws {
    let text = "Call the Bänk, then call the bank again"
    let ranges = SearchQuery("bank \"call the\"")!.highlights(in: text)
    #expect(ranges.map { String(text[$0]) } == ["Call", "the", "Bänk", "call", "the", "bank"])
  }

  @Test("a found task comes in pieces, plain and matched taking turns, with where it was found outside its title")
  func foundInPieces() throws {
    let query = try #require(SearchQuery("bank"))
    #expect(
      query.pieces(of: "Call the Bänk, then call the bank again")
        == ["Call the ", "Bänk", ", then call the ", "bank", " again"])
    #expect(query.pieces(of: "bank it") == ["", "bank", " it"])
    #expect(query.pieces(of: "bank") == ["", "bank"])
    #expect(query.pieces(of: "the lease") == ["the lease"])
    var task = try Capture.draft(from: "sort out the money", at: Fixtures.now, timeZone: .gmt).task(
      id: TaskID(1), at: Fixtures.now)
    task.notes = [Note(at: Fixtures.now, text: "first line\nthen ask the people at the bank about the mortgage")]
    let found = query.found(in: task)
    #expect(found.title == ["sort out the money"])
    #expect(found.place == "in a note")
    #expect(found.excerpt == ["…the people at the ", "bank", " about the mortgage"])
    #expect(try #require(SearchQuery("money")).found(in: task) == SearchFound(title: ["sort out the ", "money"]))
  }

  /// A store with tasks whose words come from a small vocabulary, so that queries match many of them in many ways.
  private func filledStore(count: Int, searchIndex: Bool = true) throws -> (TaskStore, String) {
    let path = Fixtures.temporaryDirectory() + "/stride.db"
    let store = try TaskStore(path: path, searchIndex: searchIndex)
    let words = ["lease", "Café", "bank", "dentist", "call", "the", "renew", "Zürich", "e-mail", "plumber", "éclair"]
    var random = SystemRandomNumberGenerator()
    for index in 0..<count {
      func phrase(_ length: Int) -> String {
        (0..<length).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
      }
      let steps = (0..<Int.random(in: 0...2, using: &random)).map { _ in phrase(2) }
      let at = Fixtures.now.addingTimeInterval(Double(index) * 60)
      let task = try store.capture(Fixtures.draft(phrase(3), steps: steps), at: at)
      if Bool.random(using: &random) { try store.apply(.addNote(task.id, text: phrase(4)), at: at) }
      if index % 3 == 0 { try store.apply(.complete(task.id), at: at) }
    }
    return (store, path)
  }

  @Test("the full-text index answers exactly as reading every task does, through changes and a rebuild")
  func indexAgreesWithScan() throws {
    let (store, path) = try filledStore(count: 300)
    #expect(store.searchIndexed)
    let queries = [
      "lease", "cafe", "CAFÉ bank", "\"call the\"", "zur", "mail", "e-mail", "eclair renew", "\"the bank\" dentist",
      "plumb", "nothing",
    ]
    func agree() throws {
      for text in queries {
        let query = try #require(SearchQuery(text))
        #expect(try store.search(query) == store.rows.search.scanned(query), "\(text)")
      }
    }
    try agree()
    // Renames, notes, steps and deletions reach the index with the change.
    try store.apply(.update(TaskID(2), TaskPatch(title: "the plumber from Zürich")), at: Fixtures.now)
    try store.apply(.addNote(TaskID(5), text: "éclair lease"), at: Fixtures.now)
    try store.apply(.addStep(TaskID(8), title: "call the bank"), at: Fixtures.now)
    try store.apply(.delete(TaskID(9)), at: Fixtures.now)
    _ = try store.undo(at: Fixtures.now)
    try agree()
    #expect(try store.search(SearchQuery("plumber zurich")!).contains { $0.id == TaskID(2) && $0.inTitle })

    // Opened without the index (as by a SQLite without FTS5), changed, then opened with it: rebuilt, not stale.
    store.close()
    let plain = try TaskStore(path: path, searchIndex: false)
    #expect(!plain.searchIndexed)
    try plain.apply(.update(TaskID(4), TaskPatch(title: "quince marmalade")), at: Fixtures.now)
    plain.close()
    let reopened = try TaskStore(path: path)
    #expect(try reopened.search(SearchQuery("quince")!).map(\.id) == [TaskID(4)])
  }

  @Test("changes committed together reach the index at the commit, and one that failed among them leaves it as it was")
  func groupReachesIndex() throws {
    let (store, _) = try filledStore(count: 30)
    let kept = try store.task(TaskID(4), at: Fixtures.now)
    try store.batch { () throws(StrideError) in
      _ = try store.capture(Fixtures.draft("quince jam for the fair"), at: Fixtures.now)
      try store.apply(.update(TaskID(3), TaskPatch(title: "the xylophone repair")), at: Fixtures.now)
      try store.apply(.addNote(TaskID(2), text: "ask about the quince tree"), at: Fixtures.now)
      // A change that wrote its rows and then failed: its savepoint puts them back.
      var renamed = kept
      renamed.title = "marmalade"
      _ = try? store.database.transaction { () throws(StrideError) in
        try store.rows.save(renamed, replacing: kept)
        throw StrideError(.internalError, "failed after writing its rows")
      }
      try store.apply(.delete(TaskID(5)), at: Fixtures.now)
    }
    for text in ["quince", "xylophone", "marmalade", "lease", "bank", "\"call the\""] {
      let query = try #require(SearchQuery(text))
      #expect(try store.search(query) == store.rows.search.scanned(query), "\(text)")
    }
    #expect(try store.search(SearchQuery("quince")!).map(\.id).sorted() == [TaskID(2), TaskID(31)])
    #expect(try store.search(SearchQuery("marmalade")!).isEmpty, "the failed change's title was not indexed")
    #expect(try store.search(SearchQuery(kept.title)!).contains { $0.id == TaskID(4) })
  }

  @Test("best first: the title before a note, open before finished, recent before old")
  func ranking() throws {
    let (store, _) = try Fixtures.store()
    let old = try store.capture(Fixtures.draft("renew the lease"), at: Fixtures.now)
    let recent = try store.capture(Fixtures.draft("lease papers"), at: Fixtures.now.addingTimeInterval(600))
    let noted = try store.capture(Fixtures.draft("call the landlord"), at: Fixtures.now.addingTimeInterval(900))
    try store.apply(.addNote(noted.id, text: "about the lease"), at: Fixtures.now.addingTimeInterval(900))
    let finished = try store.capture(Fixtures.draft("sign the lease"), at: Fixtures.now.addingTimeInterval(1200))
    try store.apply(.complete(finished.id), at: Fixtures.now.addingTimeInterval(1200))
    #expect(try store.search(SearchQuery("lease")!).map(\.id) == [recent.id, old.id, finished.id, noted.id])
  }

  @Test("a title closest to the words typed comes first, whatever is newer: as typed, its very words, side by side")
  func closestTitleFirst() throws {
    let (store, _) = try Fixtures.store()
    // Captured from the closest to the furthest, so that the newer (which rank first among equals) are the further.
    let titles = [
      "call mom", "CALL  Mom", "Call Mom!!! 🎉", "call mom about Sunday", "remember to call mom", "mom: call back",
      "call the plumber",
    ]
    var ids: [TaskID] = []
    for (offset, title) in titles.enumerated() {
      ids.append(try store.capture(Fixtures.draft(title), at: Fixtures.now.addingTimeInterval(Double(offset) * 60)).id)
    }
    try store.apply(.addNote(ids[6], text: "mom gave the number"), at: Fixtures.now.addingTimeInterval(600))
    // The exact title, finished, still comes before a near one open.
    try store.apply(.complete(ids[1]), at: Fixtures.now.addingTimeInterval(700))
    let query = try #require(SearchQuery("call mom"))
    #expect(try store.search(query).map(\.id) == ids)
    #expect(try store.rows.search.scanned(query).map(\.id) == ids, "without the index, the same order")
    // A quoted phrase ranks as the same words do (and finds only the words side by side); the last word typed in
    // part starts a title.
    #expect(try store.search(SearchQuery("\"Call Mom\"")!).map(\.id) == Array(ids.prefix(5)))
    // "call mo" is no title's words: the open titles with them side by side, those that start with them first, and
    // then the finished one.
    #expect(try store.search(SearchQuery("call mo")!).map(\.id).prefix(5) == [ids[3], ids[2], ids[0], ids[4], ids[1]])
    #expect(query.titleMatch("call   Mom") == .exact)
    #expect(query.titleMatch("Call Mom!!! 🎉") == .sameWords)
    #expect(query.titleMatch("Cäll Möm") == .sameWords)
  }

  @Test("a one-word query ranks an ASCII title read from its bytes as it ranks the title's string")
  func titleMatchFromBytes() throws {
    let titles = [
      "dentist", "Dentist", "  dentist  ", "DENTIST!!!", "dentist appointment", "call the dentist", "dent",
      "dentists", "the dent-ist", "Dentist: 3pm", "x", "", "book dentist, then dentist again", "Zahnarzt 🦷",
    ]
    for text in ["dentist", "dent", "DENT", "\"dentist\"", "3pm", "d"] {
      let query = try #require(SearchQuery(text))
      for title in titles {
        let bytes = Array(title.utf8)
        let fromBytes = bytes.withUnsafeBufferPointer { query.titleMatch(ascii: $0) }
        // Only ASCII titles are read from their bytes; the string's answer is the rule for every title.
        #expect(fromBytes == (title.utf8.allSatisfy { $0 < 0x80 } ? query.titleMatch(title) : nil), "\(text): \(title)")
      }
    }
    // A query of two words is always read from the title's string.
    let two = try #require(SearchQuery("call mom"))
    #expect(Array("call mom".utf8).withUnsafeBufferPointer { two.titleMatch(ascii: $0) } == nil)
  }

  @Test("find returns the best few and how many match; list filters, sorts and combines in the daemon")
  func findAndList() throws {
    let (store, _) = try Fixtures.store()
    let now = Fixtures.now
    let day = 86_400.0
    let drafts: [(String, EnergyLevel, Date?, Int?)] = [
      ("pay rent", .low, now.addingTimeInterval(-day), 10), ("call the bank", .medium, now.addingTimeInterval(day), 20),
      ("Éclairs for the party", .high, nil, nil), ("bank statement", .low, now.addingTimeInterval(3 * day), 5),
    ]
    for (offset, (title, energy, due, estimate)) in drafts.enumerated() {
      var draft = Fixtures.draft(title, due: due, energy: energy)
      draft.estimateMinutes = estimate
      _ = try store.capture(draft, at: now.addingTimeInterval(Double(offset)))
    }
    try store.apply(.deferTask(TaskID(2), reason: .noEnergy, until: nil, on: nil, energy: .low), at: now)
    try store.apply(.resume(TaskID(2)), at: now)
    try store.apply(.deferTask(TaskID(3), reason: .wrongTime, until: now.addingTimeInterval(day)), at: now)
    try store.apply(.complete(TaskID(4)), at: now.addingTimeInterval(60))
    let tasks = Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig())
    func ids(_ params: Wire.TaskList.Params) throws -> [Int64] {
      try tasks.list(params, Tasks.Caller(now: now.addingTimeInterval(120))).tasks.map(\.id.rawValue)
    }

    #expect(try ids(.init(sort: ListSort("due"))) == [1, 2, 3])
    #expect(try ids(.init(sort: ListSort("-due"))) == [2, 1, 3])
    #expect(try ids(.init(status: .all, sort: ListSort("-estimate"))) == [2, 1, 4, 3])
    #expect(try ids(.init(sort: ListSort("title"))) == [2, 3, 1])
    #expect(try ids(.init(sort: ListSort("-energy"))) == [3, 2, 1])
    #expect(try ids(.init(sort: ListSort("-deferrals"))) == [2, 3, 1])
    #expect(try ids(.init(energy: .low)) == [1])
    #expect(try ids(.init(overdue: true)) == [1])
    #expect(try ids(.init(dueBefore: Timestamp(now.addingTimeInterval(2 * day)))) == [1, 2])
    #expect(try ids(.init(deferredBy: .noEnergy)) == [2])
    #expect(try ids(.init(doneSince: Timestamp(now))) == [4])
    #expect(try ids(.init(doneSince: Timestamp(now.addingTimeInterval(3600)))) == [])
    #expect(try ids(.init(status: .all, search: "bank")) == [2, 4])
    #expect(try ids(.init(status: .all, energy: .low, search: "bank")) == [4])
    #expect(try ids(.init(search: "eclair")) == [3])
    #expect(throws: StrideError.self) { try tasks.list(.init(search: "?!"), Tasks.Caller(now: now)) }

    let found = try tasks.find(.init(query: "bank", limit: 1), Tasks.Caller(now: now))
    #expect(found.total == 2)
    #expect(found.tasks.map(\.id) == [TaskID(2)])
    #expect(throws: StrideError.self) { try tasks.find(.init(query: "bank", limit: 0), Tasks.Caller(now: now)) }
  }
}
