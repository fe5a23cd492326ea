import Foundation
import StrideJSON
import StrideWire

@testable import StrideBase
@testable import StrideInterop
@testable import StrideModel
@testable import StrideProtocol

/// The file readers: whatever a file holds, reading it either refuses with a sentence or gives tasks whose export
/// reads back to the same export (and, for Taskwarrior, which keeps everything, to the same tasks).
enum InteropTargets {
  static let zone = TimeZone(identifier: "Europe/Berlin")!

  static func roundTrip(_ bytes: [UInt8], _ format: ImportFormat) {
    guard let plan = try? ImportPlan.read(Data(bytes), format: format, now: reference, timeZone: zone) else { return }
    let export: ExportFormat =
      switch format {
      case .stride: .json
      case .taskwarrior: .taskwarrior
      case .todotxt: .todotxt
      case .ical: .ical
      }
    func write(_ tasks: [StrideTask]) -> Data {
      do {
        return try Exporter.data(tasks, format: export, now: reference, timeZone: zone)
      } catch {
        require(false, "tasks read from a file cannot be exported: \(error)")
        return Data()
      }
    }
    let first = write(plan.tasks)
    let again: ImportPlan
    do {
      again = try ImportPlan.read(first, format: format, now: reference, timeZone: zone)
    } catch {
      require(false, "Stride's own export is refused: \(error)\n\(String(decoding: first, as: UTF8.self))")
      return
    }
    require(again.tasks.count == plan.tasks.count, "\(plan.tasks.count) tasks re-import as \(again.tasks.count)")
    let second = write(again.tasks)
    require(
      first == second,
      "the export changes when read back:\n\(String(decoding: first, as: UTF8.self))\n---\n"
        + String(decoding: second, as: UTF8.self)
        + "\ntitles: \(plan.tasks.map(\.title))\nagain:  \(again.tasks.map(\.title))")
    if format == .taskwarrior {
      // Everything but the raw text, which Taskwarrior has no field for (its annotations go into it on import), and
      // a routine's rule, which the export does not write (Exporter.loss says so).
      for (before, after) in zip(plan.tasks, again.tasks) {
        var same = before
        same.rawInput = after.rawInput
        same.recurrence = after.recurrence
        require(same == after, "Taskwarrior's export does not re-import equal:\n\(wire(before))\n\(wire(after))")
      }
    }
  }

  static func wire(_ task: StrideTask) -> String {
    String(decoding: JSONWriter.write(Wire.Task(task).json), as: UTF8.self)
  }
}
