import Foundation
import StrideBase

/// A task the filters hide, and why.
public struct HiddenTask: Error, Sendable, Equatable {
  public var task: StrideTask
  public var hidden: Hidden
}

/// Why a filter hides a task, as a code; the sentence is written only when someone asks (`describe`), and the
/// words on the wire are its `HiddenReason`.
enum HiddenCode {
  case completed, waiting, deferred, blocked, stuck, lowEnergy, notStarted, notTagged, otherList, routineLater
  case tooMuchEnergy
  case wrongTime, tooLong
}

/// Why the filters hide a task, in words: the sentence is written from the filter's code after the pass through the
/// filters, which itself writes no text.
extension Evaluator {
  /// The sentence for a hidden task, written when someone asks; a pinned task says it is pinned, so it never
  /// vanishes silently.
  func describe(_ code: HiddenCode, _ stored: StrideTask) -> Hidden {
    let hidden = describeFilter(code, stored)
    guard stored.pinned else { return hidden }
    return Hidden(hidden.reason, "pinned, but \(hidden.detail)")
  }

  private func describeFilter(_ code: HiddenCode, _ stored: StrideTask) -> Hidden {
    let task = stored.settled(at: context.instant)
    let time = HumanTime(now: context.instant, timeZone: context.timeZone)
    let detail: String
    switch code {
    case .completed: detail = "it is done"
    case .waiting:
      let what = task.waitingFor.map { " for \($0)" } ?? ""
      let until = task.followUp.map { "; Stride checks back \(time.describe($0))" } ?? ""
      let due = task.followUp.map { Deferral.dueBefore($0, task, time: time) } ?? ""
      detail = "it is waiting\(what)\(until)\(due)"
    case .deferred, .lowEnergy:
      guard let deferral = task.deferral else {
        detail = "it is deferred until you resume it"
        break
      }
      detail =
        "it is deferred as \(deferral.reason.rawValue): \(deferral.effect(for: task, time: time, settings: settings))"
    case .blocked:
      let list = task.blockedBy.filter(isOpenBlocker).map { "task \($0)" }.joined(separator: ", ")
      detail = "it waits on \(list), which is not done yet"
    case .notStarted: detail = "it starts \(task.start.map(time.describe) ?? "later")"
    case .notTagged: detail = "it has none of the tags \(context.tags.joined(separator: ", "))"
    case .otherList: detail = "it is in the list \(task.list ?? ""), not \(context.list ?? "")"
    case .tooMuchEnergy:
      detail = "it needs \(task.energy.rawValue) energy and \(context.energyIs)"
    case .wrongTime:
      let chosen = task.deferrals.last?.until.map(time.clock) ?? "another time"
      detail = "you chose \(chosen) for it; it shows from then for a few hours each day"
    case .tooLong:
      let yours = context.timeAvailableNamed
      if let estimate = task.estimateMinutes, let applied = calibration(for: task) {
        // The filter took the calibrated time: say so, with the estimate the person gave.
        detail =
          "it takes about \(Minutes.format(applied.minutes(estimate))), more than \(yours): you estimated "
          + "\(Minutes.format(estimate)), and \(applied.words)"
      } else {
        detail = "it takes about \(task.estimateMinutes.map(Minutes.format) ?? "long"), more than \(yours)"
      }
    case .stuck:
      detail =
        "it is stuck (deferred \(task.deferCount) times); stuck tasks are offered one at a time, each in turn, "
        + "the one out of view longest first"
    case .routineLater:
      let next = task.due.map(time.describe) ?? "ahead"
      let day = routineComes(task).map(time.day) ?? "that day"
      detail = "it is a routine whose next time is \(next); it shows from \(day)"
    }
    return Hidden(HiddenReason(code), detail)
  }
}
