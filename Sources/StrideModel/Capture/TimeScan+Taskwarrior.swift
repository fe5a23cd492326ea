import Foundation

/// The named dates of Taskwarrior, the peer people come from.
extension Scan {
  /// Taskwarrior's `sod`/`eod`, `sow`/`eow`, `som`/`eom`, `soq`/`eoq`, `soy`/`eoy`, with `n` (next) or `p`
  /// (previous) before the unit: `sonw`, `eopm`.
  func taskwarriorNamed(_ word: String) -> Piece? {
    guard word.count >= 3, word.count <= 4, word.hasPrefix("so") || word.hasPrefix("eo") else { return nil }
    let isStart = word.hasPrefix("so")
    var rest = word.dropFirst(2)
    var shift = 0
    if rest.count == 2 {
      switch rest.first {
      case "n": shift = 1
      case "p": shift = -1
      default: return nil
      }
      rest = rest.dropFirst()
    }
    let today = parser.today
    let first: CivilDate
    let last: CivilDate
    switch rest {
    case "d":
      first = today.adding(days: shift)
      last = first
    case "w":
      first = today.startOfWeek.adding(days: 7 * shift)
      last = first.adding(days: 6)
    case "m":
      first = today.startOfMonth.adding(months: shift)
      last = first.endOfMonth
    case "q":
      let quarterStart = CivilDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)!
      first = quarterStart.adding(months: 3 * shift)
      last = first.adding(months: 2).endOfMonth
    case "y":
      first = CivilDate(year: today.year + shift, month: 1, day: 1)!
      last = CivilDate(year: today.year + shift, month: 12, day: 31)!
    default: return nil
    }
    return .instant(isStart ? parser.calendar.date(first, .startOfDay) : parser.calendar.date(last, .endOfDay))
  }
}
