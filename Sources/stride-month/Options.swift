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

  static let usage = """
    usage: stride-month [--seed N | --seeds 1,2,3] [--days D] [--arrivals K] [--start 2026-11-02T07:00:00Z]
                        [--json] [--verbose] [--each]
      A seeded person drives the real strided (built beside this program) through a simulated month, moving its
      clock by restarting it with STRIDE_CLOCK_SHIFT, and prints how well `now` kept its promises.
      --seed N        the person's seed (default 1); --seeds runs several, a row each and a summary
      --days D        days to simulate (default 30)
      --arrivals K    new tasks a day on average (default 7)
      --start TIME    the first morning, RFC 3339 (default Monday 2 November 2026 07:00 UTC)
      --json          the figures as JSON on stdout instead of text
      --verbose       every question, answer and action on stderr
      --each          with --seeds, each seed's whole report before the summary
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
      case "--help", "-h":
        print(usage)
        exit(0)
      default: throw MonthError("unknown option \(argument)\n\n\(usage)")
      }
    }
    guard !options.seeds.isEmpty, options.days > 0 else { throw MonthError("give at least one seed and one day") }
    return options
  }

  private static func number(_ text: String, _ name: String) throws -> UInt64 {
    guard let number = UInt64(text) else { throw MonthError("\(name) needs a whole number, not \(text)") }
    return number
  }
}
