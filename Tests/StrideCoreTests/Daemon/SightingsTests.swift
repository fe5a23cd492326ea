import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// The daemon remembers what the person saw in `now`, so that every task gets its turn: the same all day, the
/// unseen ones first the days after, and kept across a restart.
@Suite("Turns: what the person has seen")
struct SightingsTests {
  static func shown(_ dispatcher: Dispatcher, _ params: String = "{}") -> [String] {
    let line = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"now.list","params":"# + params + "}")
    let result = (try? JSONReader.parse(Array(line.utf8)))?["result"]
    guard case .array(let suggestions)? = result?["suggestions"] else { return [] }
    return suggestions.compactMap { if case .string(let title)? = $0["task"]?["title"] { title } else { nil } }
  }

  /// Eight chores alike but for their names, captured on Sunday.
  static let chores = [
    "dust the shelves", "sort the cables", "oil the hinges", "wipe the windows", "descale the kettle",
    "tidy the desk", "empty the bins", "fold the towels",
  ]

  @Test("the five stay put all day; the days after, what was not seen comes first; kept across a restart")
  func turns() throws {
    let (store, path) = try Fixtures.store()
    let clock = TestClock(Fixtures.at("2026-11-22T09:00:00Z"))
    var dispatcher: Dispatcher? = TestDispatcher.make(store: store, clock: { clock.now })
    for title in Self.chores {
      _ = TestDispatcher.reply(
        dispatcher!, #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"\#(title) ~10m !low"}}"#)
    }
    // Monday morning: five of the eight; the same five at noon, and a look at the whole list records nothing.
    clock.set("2026-11-23T09:00:00Z")
    let monday = Self.shown(dispatcher!)
    #expect(monday.count == 5)
    _ = Self.shown(dispatcher!, #"{"all":true}"#)
    clock.set("2026-11-23T12:00:00Z")
    #expect(Self.shown(dispatcher!) == monday)

    // Wednesday: the three not seen on Monday have waited longest, and are among the five.
    clock.set("2026-11-25T09:00:00Z")
    let unseen = Set(Self.chores).subtracting(monday)
    #expect(unseen.count == 3)
    #expect(unseen.isSubset(of: Set(Self.shown(dispatcher!))))

    // The first sightings of each day are written on the background queue; a new daemon reads them back.
    dispatcher?.settle()
    dispatcher = nil
    let kept = try TaskStore(path: path).sightings()
    let ids = (1...8).map { TaskID(Int64($0)) }
    #expect(ids.allSatisfy { kept.last($0, before: Fixtures.at("2026-11-26T00:00:00Z")) != nil })
    let mondays = ids.filter { kept.last($0, before: Fixtures.at("2026-11-24T00:00:00Z")) != nil }
    #expect(mondays.count == 5, "five were seen on Monday, and only on the first look of the day is one written")
  }

  @Test("a sighting counts from the next day: the first look of a day keeps the one before it")
  func sightingsByDay() {
    var sightings = Sightings()
    let id = TaskID(3)
    let monday = Fixtures.at("2026-11-23T00:00:00Z")
    let tuesday = Fixtures.at("2026-11-24T00:00:00Z")
    #expect(sightings.saw([id], at: Fixtures.at("2026-11-23T09:00:00Z"), dayStartedAt: monday).count == 1)
    #expect(sightings.saw([id], at: Fixtures.at("2026-11-23T15:00:00Z"), dayStartedAt: monday).isEmpty)
    #expect(sightings.last(id, before: monday) == nil, "on Monday, Monday's look does not count yet")
    #expect(sightings.saw([id], at: Fixtures.at("2026-11-24T10:00:00Z"), dayStartedAt: tuesday).count == 1)
    #expect(sightings.last(id, before: tuesday) == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(sightings.last(id, before: Fixtures.at("2026-11-25T00:00:00Z")) == Fixtures.at("2026-11-24T10:00:00Z"))
  }
}
