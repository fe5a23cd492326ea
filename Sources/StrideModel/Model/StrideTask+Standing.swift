import Foundation
import StrideBase

extension StrideTask {
  /// The task's status as a list's STATUS column says it, short and true at `time.now`: "done", "deferred",
  /// "waiting", "blocked by 4" (on open tasks only: "blocked by 4, 7", "blocked by 3 tasks"), "starts 14:00" (today),
  /// "starts tomorrow", "starts Mon", "starts Tue 1 Dec", else "active". `open`: the ids of the open tasks.
  public func standing(open: Set<TaskID>, time: HumanTime) -> String {
    switch status {
    case .completed: return "done"
    case .deferred: return "deferred"
    case .waiting: return "waiting"
    case .active: break
    }
    let blockers = blockedBy.filter(open.contains)
    switch blockers.count {
    case 0: break
    case 1, 2: return "blocked by " + blockers.map { "\($0)" }.joined(separator: ", ")
    default: return "blocked by \(blockers.count) tasks"
    }
    guard let start, start > time.now else { return "active" }
    let days = time.dayDistance(to: start)
    switch days {
    case 0: return "starts \(time.clock(start))"
    case 2...6: return "starts \(time.day(start).prefix(3))"
    default: return "starts \(time.day(start))"
    }
  }
}
