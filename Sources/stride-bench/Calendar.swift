import Foundation
import StrideBase
import StrideConnection
import StrideModel
import StrideWire

/// A busy calendar's cost: a 10 MB export of ten years (50,000 events, 200 of them weekly without end) read once by
/// the daemon, and then `now.list` about a moment (`at`, so no kept answer serves it) at 10,000 open tasks, with and
/// without that calendar counted: expansion is done when a calendar is read, not per question.
func calendarSection() throws {
  let workspace = try Workspace(tasks: 10_000)
  let (daemon, _) = try workspace.startDaemon()
  defer {
    workspace.stop(daemon)
    workspace.remove()
  }
  let client = try StrideClient(path: workspace.socket)
  let moment = Wire.NowList.Params(at: Timestamp(Date().addingTimeInterval(60)))
  let runs = quick ? 5 : 31
  let plain = try measure(runs: runs) { _ = try client.call(Wire.NowList.self, moment) }
  report("now.list, a moment, 10000 tasks", plain)
  reportValue(
    "daemon memory (RSS), before the calendar", String(format: "%.1f MB", residentMegabytes(daemon.processIdentifier)))

  let path = workspace.root + "/busy.ics"
  let text = busyCalendar(now: Date())
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  let start = DispatchTime.now().uptimeNanoseconds
  let added = try client.call(CalendarsAdd.self, .init(location: path))
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
  reportValue(
    "calendar read: \(text.utf8.count / 1_048_576) MB, 50000 events",
    String(format: "%.2f s (%d taking time ahead)", seconds, added.events))
  let busy = try measure(runs: runs) { _ = try client.call(Wire.NowList.self, moment) }
  report("now.list, a moment, 10000 tasks, calendar", busy)
  reportValue(
    "daemon memory (RSS), with that calendar",
    String(format: "%.1f MB", residentMegabytes(daemon.processIdentifier)))
}

/// Ten years of a busy person's calendar, as a calendar app exports it: 49,800 single events of 30 to 90 minutes on
/// weekdays from nine years back to a year ahead, and 200 weekly meetings that never end.
func busyCalendar(now: Date) -> String {
  var generator = SystemRandomNumberGenerator()
  func stamp(_ date: Date) -> String { Timestamp.basic(date) }
  var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//stride-bench//EN"]
  let first = now.addingTimeInterval(-9 * 365 * 86_400)
  for index in 0..<50_000 {
    let day = Double(Int.random(in: 0..<(10 * 365), using: &generator))
    let start = first.addingTimeInterval(day * 86_400 + Double(Int.random(in: 8...17, using: &generator)) * 3_600)
    let length = Double([30, 45, 60, 90].randomElement(using: &generator)!) * 60
    lines += [
      "BEGIN:VEVENT", "UID:bench-\(index)@stride", "DTSTAMP:\(stamp(first))", "DTSTART:\(stamp(start))",
      "DTEND:\(stamp(start.addingTimeInterval(length)))", "SUMMARY:meeting number \(index) about the quarterly plan",
      "DESCRIPTION:An agenda\\, a room and a dial-in number\\, as invitations carry them.",
    ]
    if index < 200 { lines.append("RRULE:FREQ=WEEKLY") }
    lines.append("END:VEVENT")
  }
  lines.append("END:VCALENDAR")
  return lines.joined(separator: "\r\n") + "\r\n"
}
