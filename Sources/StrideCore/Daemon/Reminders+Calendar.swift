import Foundation
import StrideBase
import StrideModel

/// Reminders and the person's calendars: they wait while the person is in a busy event (`waitDuringEvents`), and
/// say an event is coming a few minutes before it starts (`eventHeadsUpMinutes`). The title is shown on this
/// machine's desktop only.
extension Reminders {
  /// Until when reminders wait at `now`, and how the one that says what came meanwhile begins: the end of the quiet
  /// hours, or of the run of busy events the person is in. Nil when they do not wait.
  func waits(at now: Date) -> (until: Date, heading: String)? {
    if let end = settings.quiet?.end(after: now, in: calendar) { return (end, "While it was quiet") }
    guard settings.waitDuringEvents, let until = tasks.busyTimes.moment(at: now, horizon: 0)?.busyUntil else {
      return nil
    }
    return (until, "While you were busy")
  }

  /// Says each event starting within the heads-up's minutes that has not been said yet (none in the quiet hours),
  /// and returns the moment the next one is due.
  func giveHeadsUp(at now: Date) -> Date? {
    let lead = settings.eventHeadsUpMinutes * 60
    guard lead > 0 else { return nil }
    let busy = tasks.busyTimes
    let coming = busy.starting(after: now).prefix { $0.start.timeIntervalSince(now) <= lead }
    let quiet = settings.quiet?.contains(now, in: calendar) ?? false
    let fresh = headsUpsToGive(Array(coming), at: now)
    if !quiet {
      let time = HumanTime(now: now, timeZone: calendar.timeZone)
      for event in fresh {
        let minutes = Int((event.start.timeIntervalSince(now) / 60).rounded())
        let when = minutes < 1 ? "now" : "in \(Minutes.spoken(minutes))"
        let text = ReminderText(
          summary: "Soon: \(event.title.isEmpty ? "an event" : event.title)",
          body: "\(event.named.sentenceStart) starts at \(time.clock(event.start)), \(when).")
        show(text)
      }
    }
    return busy.starting(after: now.addingTimeInterval(lead)).first?.start.addingTimeInterval(-lead)
  }
}
