import Foundation
import StrideBase
import StrideModel

/// Shared values for tests: a fixed instant, times written as text, tasks and drafts in memory, temporary
/// directories, and waiting for something to happen. (A store on a fresh database is `Fixtures.store()`, in each test
/// target that links StrideStore, so this target needs only the model.)
public enum Fixtures {
  /// Saturday 2026-11-21 09:00 UTC: the instant every pure test treats as now.
  public static let now = Date(timeIntervalSince1970: 1_795_251_600)

  /// ThreadSanitizer and AddressSanitizer (`swift test --sanitize=thread|address`) make every memory access several
  /// times slower. Under them, tests that put load on the daemon wait this many times longer, and the largest use
  /// this many times fewer clients; what they check does not change.
  public static let slowdown = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil ? 4 : 1

  /// Asks `found` until it finds something, for up to `seconds` (times `slowdown`); returns it, or nil.
  public static func poll<Found>(seconds: Double = 15, _ found: () -> Found?) -> Found? {
    let deadline = Date().addingTimeInterval(seconds * Double(slowdown))
    while Date() < deadline {
      if let thing = found() { return thing }
      usleep(20_000)
    }
    return nil
  }

  /// Waits until `done` holds, for up to `seconds` (times `slowdown`); whether it did.
  @discardableResult
  public static func wait(seconds: Double = 15, until done: () -> Bool) -> Bool {
    poll(seconds: seconds) { done() ? true : nil } ?? false
  }

  public static func at(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { fatalError("bad test timestamp \(text)") }
    return date
  }

  /// "2026-12-01" as the time parser's whole-day value.
  public static func day(_ text: String) -> TimeParser.Value {
    let parts = text.split(separator: "-").map { Int($0)! }
    return .day(CivilDate(year: parts[0], month: parts[1], day: parts[2])!)
  }

  /// "2026-12-01T19:00:00Z" as the time parser's instant value.
  public static func instant(_ text: String) -> TimeParser.Value { .instant(at(text)) }

  /// A new, empty directory under the system's temporary directory; short, so socket paths fit. It is removed
  /// when the test process exits.
  public static func temporaryDirectory() -> String {
    var template = Array("/tmp/stride-test-XXXXXX".utf8CString)
    guard let pointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let path = String(cString: pointer)
    scratchDirectories.withLock { directories in
      if directories.isEmpty {
        atexit {
          for directory in scratchDirectories.withLock({ $0 }) {
            try? FileManager.default.removeItem(atPath: directory)
          }
        }
      }
      directories.append(path)
    }
    return path
  }

  public static func draft(_ title: String, steps: [String] = [], due: Date? = nil, energy: EnergyLevel = .medium)
    -> TaskDraft
  {
    TaskDraft(title: title, rawInput: title, steps: steps, energy: energy, due: due)
  }

  public static func task(
    _ id: Int64, _ title: String = "task", created: Date = now, due: Date? = nil, energy: EnergyLevel = .medium,
    estimate: Int? = nil, steps: [Subtask] = [], status: TaskStatus = .active, blockedBy: [TaskID] = []
  ) -> StrideTask {
    StrideTask(
      id: TaskID(id), title: title, rawInput: title, energy: energy, estimateMinutes: estimate, status: status,
      subtasks: steps, blockedBy: blockedBy, due: due, createdAt: created)
  }
}

/// Every directory `Fixtures.temporaryDirectory` made, for removal at exit.
private let scratchDirectories = Locked<[String]>([])
