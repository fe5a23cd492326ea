import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideNowView
@testable import StrideStore
@testable import StrideWire

/// Energy that learns, through the daemon: tasks captured and finished at hours a test clock sets (imports of
/// finished tasks are no finishes), and `now`, `why` and a no-energy deferral use and say what is learned.
@Suite("Energy rhythm through the daemon")
struct EnergyRhythmDaemonTests {
  static func call(_ dispatcher: Dispatcher, _ method: String, _ params: String = "{}") -> JSONValue? {
    TestDispatcher.call(dispatcher, method, params)?["result"]
  }

  /// The day the person's finishes are counted back from (a Monday).
  static let monday = Fixtures.at("2026-11-23T00:00:00Z")

  /// Finishes `count` days back from `monday` (the oldest first), at 9 and 10 (high tasks), 15 and 16 (medium) and
  /// 21 (low): five a day, each captured and finished at its hour.
  static func finish(_ dispatcher: Dispatcher, _ clock: TestClock, days: ClosedRange<Int>) {
    for day in days.reversed() {
      for (hour, energy) in [(9, "high"), (10, "high"), (15, "med"), (16, "med"), (21, "low")] {
        clock.set(Timestamp(monday.addingTimeInterval(Double(hour * 3_600 - day * 86_400))).rfc3339)
        let made = call(dispatcher, "task.capture", #"{"text":"done \#(day) \#(hour) !\#(energy)"}"#)
        guard case .integer(let id)? = made?["task"]?["id"] else { continue }
        _ = call(dispatcher, "task.complete", #"{"id":\#(id)}"#)
      }
    }
  }

  /// A daemon with three open tasks, one of each energy, and a clock on `monday`.
  static func daemon(config: StrideConfig = StrideConfig()) throws -> (Dispatcher, TestClock) {
    let clock = TestClock(monday)
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { clock.now }, config: config)
    for text in ["write the grant proposal !high", "sort the receipts !med", "water the plants !low"] {
      _ = call(dispatcher, "task.capture", #"{"text":"\#(text)"}"#)
    }
    return (dispatcher, clock)
  }

  static func titles(_ result: JSONValue?) -> [String] {
    guard case .array(let suggestions)? = result?["suggestions"] else { return [] }
    return suggestions.compactMap { if case .string(let title)? = $0["task"]?["title"] { title } else { nil } }
  }

  @Test("too few finishes change nothing; enough, and now ranks for the hour's usual energy and says so")
  func learns() throws {
    let (dispatcher, clock) = try Self.daemon()
    Self.finish(dispatcher, clock, days: 1...5)
    clock.set("2026-11-23T15:10:00Z")
    // Twenty-five finishes: five short of what it takes.
    let few = Self.call(dispatcher, "now.list")
    #expect(few?["learnedEnergy"] == nil && few?["energy"] == .null)
    #expect(Self.titles(few).contains("write the grant proposal"))

    Self.finish(dispatcher, clock, days: 6...8)
    clock.set("2026-11-23T15:10:00Z")
    let learned = Self.call(dispatcher, "now.list")
    #expect(learned?["energy"] == .null)
    #expect(
      learned?["learnedEnergy"]
        == .object(["level": .string("medium"), "hour": .integer(15), "finishes": .integer(40)]))
    // Medium at 15: the receipts, which need medium, come first; the proposal, which needs high, last.
    #expect(Self.titles(learned) == ["sort the receipts", "water the plants", "write the grant proposal"])
    let heading = try Wire.NowResult(json: try #require(learned)).heading()
    #expect(
      heading
        == "You usually have medium energy around 15:00 (set yours with `stride energy`). For that energy, start "
        + "with one of these:")
    let why = Self.call(dispatcher, "task.explain", #"{"id":1}"#)
    #expect(why?["position"] == .integer(3))
    #expect(why?["learnedEnergy"]?["level"] == .string("medium"))

    // At 9 the person usually has high energy: the proposal is offered.
    clock.set("2026-11-23T09:05:00Z")
    let morning = Self.call(dispatcher, "now.list")
    #expect(morning?["learnedEnergy"]?["level"] == .string("high"))
    #expect(Self.titles(morning).first == "write the grant proposal")

    // An energy asked for, or set, wins.
    clock.set("2026-11-23T15:10:00Z")
    let asked = Self.call(dispatcher, "now.list", #"{"energy":"high"}"#)
    #expect(asked?["learnedEnergy"] == nil && asked?["energy"] == .string("high"))
    _ = Self.call(dispatcher, "context.set", #"{"energy":"low"}"#)
    let set = Self.call(dispatcher, "now.list")
    #expect(set?["learnedEnergy"] == nil && set?["energy"] == .string("low"))
    // Six hours on, the set energy has lapsed, and the learned one at 21 stands in: low.
    clock.set("2026-11-23T21:30:00Z")
    let evening = Self.call(dispatcher, "now.list")
    #expect(evening?["learnedEnergy"]?["level"] == .string("low"))
    #expect(Self.titles(evening) == ["water the plants", "sort the receipts"])
  }

  @Test("learned again only when the finishes change: a finish taken back is taken out")
  func relearnsOnUndo() throws {
    let (dispatcher, clock) = try Self.daemon()
    Self.finish(dispatcher, clock, days: 1...6)
    clock.set("2026-11-23T15:10:00Z")
    #expect(Self.call(dispatcher, "now.list")?["learnedEnergy"]?["finishes"] == .integer(30))
    _ = Self.call(dispatcher, "history.undo")
    // The undo took back the last finish: 29, too few.
    #expect(Self.call(dispatcher, "now.list")?["learnedEnergy"] == nil)
  }

  @Test("finishes ten months back count with the recent ones, at start-up too: the history is read back far enough")
  func readsFarBack() throws {
    let (store, path) = try Fixtures.store()
    let clock = TestClock(Self.monday)
    let dispatcher = TestDispatcher.make(store: store, clock: { clock.now })
    // Fifteen finishes ten months back and twenty-five this week: forty, as if the whole history were read.
    Self.finish(dispatcher, clock, days: 300...302)
    Self.finish(dispatcher, clock, days: 1...5)
    clock.set("2026-11-23T15:10:00Z")
    #expect(Self.call(dispatcher, "now.list")?["learnedEnergy"]?["finishes"] == .integer(40))
    dispatcher.close()
    // Started again on the same store, the daemon learns the same at its start.
    let again = TestDispatcher.make(store: try TaskStore(path: path), clock: { clock.now })
    defer { again.close() }
    #expect(Self.call(again, "now.list")?["learnedEnergy"]?["finishes"] == .integer(40))
  }

  @Test("a task put off for lack of energy comes back when the person usually has enough, and the reply says when")
  func deferral() throws {
    let (dispatcher, clock) = try Self.daemon()
    Self.finish(dispatcher, clock, days: 1...8)
    clock.set("2026-11-23T15:10:00Z")
    _ = Self.call(dispatcher, "task.defer", #"{"id":1,"reason":"no-energy"}"#)
    // The learned medium at 15 is no sign the energy rose: it stays put off.
    #expect(!Self.titles(Self.call(dispatcher, "now.list")).contains("write the grant proposal"))
    clock.set("2026-11-23T21:30:00Z")
    #expect(!Self.titles(Self.call(dispatcher, "now.list")).contains("write the grant proposal"))
    // The next morning's high hours begin at 8 (the hour before 9 leans on 9's finishes): back then.
    clock.set("2026-11-24T07:59:00Z")
    #expect(!Self.titles(Self.call(dispatcher, "now.list")).contains("write the grant proposal"))
    clock.set("2026-11-24T08:00:00Z")
    #expect(Self.titles(Self.call(dispatcher, "now.list")).first == "write the grant proposal")
  }

  @Test("engine.learnEnergy off: the energy stays unknown")
  func off() throws {
    var config = StrideConfig()
    config.engine.learnEnergy = false
    let (dispatcher, clock) = try Self.daemon(config: config)
    Self.finish(dispatcher, clock, days: 1...8)
    clock.set("2026-11-23T15:10:00Z")
    let result = Self.call(dispatcher, "now.list")
    #expect(result?["learnedEnergy"] == nil && result?["energy"] == .null)
    #expect(Self.titles(result).contains("write the grant proposal"))
  }
}
