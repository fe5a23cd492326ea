import Foundation
import StrideBase

/// The command line.
struct Options {
  var seeds: [UInt64] = [1]
  var days = 30
  var arrivals = 7.0
  var json = false
  var verbose = false
  /// With several seeds, each seed's whole report too, before the summary.
  var each = false
  /// Monday 2 November 2026, 07:00 UTC.
  var start: Instant = 1_793_602_800
  /// The day scenario: a calendar of meetings and an energy that follows the hour, never set.
  var day = false
  /// With `day`: whether the daemon is given the calendar (true), not given it (false), or each seed is run both
  /// ways, given first.
  var calendarRuns = [true]
  /// With `day`: the repeating meetings written as rules with exceptions, not as every occurrence.
  var recurringCalendar = false

  static let usage = """
    usage: stride-month [--seed N | --seeds 1,2,3] [--days D] [--arrivals K] [--start 2026-11-02T07:00:00Z]
                        [--json] [--verbose] [--each] [--day [--calendar given|withheld|both] [--recurring-calendar]]
      A seeded person drives the real strided (built beside this program) through a simulated month, moving its
      clock by restarting it with STRIDE_CLOCK_SHIFT, and prints how well `now` kept its promises.
      --seed N        the person's seed (default 1); --seeds runs several, a row each and a summary
      --days D        days to simulate (default 30)
      --arrivals K    new tasks a day on average (default 7)
      --start TIME    the first morning, RFC 3339 (default Monday 2 November 2026 07:00 UTC)
      --json          the figures as JSON on stdout instead of text
      --verbose       every question, answer and action on stderr
      --each          with --seeds, each seed's whole report before the summary
      --day           the person's day: meetings in a calendar (a weekday standup, a weekly 1:1, a planning meeting
                      every other week, a gym class, an excluded day, a moved 1:1, five appointments), an energy that
                      follows the hour and is never set, tasks that truly take 0.7 to 1.4 times their estimate, no
                      minutes said, no question asked in a meeting; reports whether the five fit the time before
                      the next meeting and the person's true energy
      --calendar MODE with --day: the daemon is given the calendar (given, the default), or not (withheld), or
                      each seed is run both ways (both), to show what the calendar gives
      --recurring-calendar
                      with --day: the file states the meetings as RRULE with EXDATE and a RECURRENCE-ID override,
                      not as every occurrence
    """

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let next = rest.popFirst() else { throw MonthError("\(name) needs a value\n\n\(usage)") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--seed": options.seeds = [try number(try value(argument), argument)]
      case "--seeds":
        options.seeds = try value(argument).split(separator: ",").map { try number(String($0), argument) }
      case "--days": options.days = Int(try number(try value(argument), argument))
      case "--arrivals":
        guard let arrivals = Double(try value(argument)), arrivals >= 0 else {
          throw MonthError("--arrivals needs a number of tasks a day, like 7")
        }
        options.arrivals = arrivals
      case "--start":
        let text = try value(argument)
        guard let start = Timestamp(rfc3339: text) else { throw MonthError("--start needs RFC 3339, not \(text)") }
        options.start = Int(start.secondsSince1970)
      case "--json": options.json = true
      case "--verbose", "-v": options.verbose = true
      case "--each": options.each = true
      case "--day": options.day = true
      case "--calendar":
        switch try value(argument) {
        case "given": options.calendarRuns = [true]
        case "withheld": options.calendarRuns = [false]
        case "both": options.calendarRuns = [true, false]
        case let other: throw MonthError("--calendar takes given, withheld or both, not \(other)")
        }
      case "--recurring-calendar": options.recurringCalendar = true
      case "--help", "-h":
        print(usage)
        exit(0)
      default: throw MonthError("unknown option \(argument)\n\n\(usage)")
      }
    }
    guard !options.seeds.isEmpty, options.days > 0 else { throw MonthError("give at least one seed and one day") }
    if !options.day, arguments.contains(where: { $0 == "--calendar" || $0 == "--recurring-calendar" }) {
      throw MonthError("--calendar and --recurring-calendar go with --day\n\n\(usage)")
    }
    return options
  }

  private static func number(_ text: String, _ name: String) throws -> UInt64 {
    guard let number = UInt64(text) else { throw MonthError("\(name) needs a whole number, not \(text)") }
    return number
  }
}
