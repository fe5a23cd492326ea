import Foundation

/// The seasons as periods: "this summer", "next winter", "last autumn", "this season", "next season". A season runs
/// from its solstice or equinox to the day before the next, as the northern hemisphere's almanacs have them (and
/// Duckling reads them): spring from 20 March, summer from 21 June, autumn from 23 September, winter from 21
/// December to 19 March.
extension Scan {
  /// The first days of the seasons of a year, as month and day, and their names.
  private static let seasonStarts: [(name: String, month: Int, day: Int)] = [
    ("spring", 3, 20), ("summer", 6, 21), ("autumn", 9, 23), ("winter", 12, 21),
  ]

  /// Words that name a season, and the season they name; "season" names the one under way.
  static let seasonNouns: [String: String] = [
    "spring": "spring", "summer": "summer", "autumn": "autumn", "fall": "autumn", "winter": "winter",
    "season": "season", "seasons": "season",
  ]

  /// The first and last day of the season a shift word and a season's noun name: `shift` 0 ("this summer") is the
  /// one under way or the coming one, 1 ("next summer") the first that has not begun, -1 ("last summer") the last
  /// one over; for "season" itself, the one under way and the ones beside it. nil for any other noun.
  func season(_ noun: String, shift: Int) -> (first: CivilDate, last: CivilDate)? {
    guard let name = Scan.seasonNouns[noun] else { return nil }
    let today = parser.today
    var seasons: [(name: String, first: CivilDate, last: CivilDate)] = []
    for year in (today.year - 2)...(today.year + 1) {
      for (index, start) in Scan.seasonStarts.enumerated() {
        let next = Scan.seasonStarts[(index + 1) % 4]
        guard let first = CivilDate(year: year, month: start.month, day: start.day),
          let following = CivilDate(year: index == 3 ? year + 1 : year, month: next.month, day: next.day)
        else { continue }
        seasons.append((start.name, first, following.adding(days: -1)))
      }
    }
    guard let current = seasons.firstIndex(where: { $0.first <= today && today <= $0.last }) else { return nil }
    let found: (name: String, first: CivilDate, last: CivilDate)?
    if name == "season" {
      found = seasons.indices.contains(current + shift) ? seasons[current + shift] : nil
    } else {
      let named = seasons.filter { $0.name == name }
      switch shift {
      case 0: found = named.first { $0.last >= today }
      case 1...: found = named.first { $0.first > today }
      default: found = named.last { $0.last < today }
      }
    }
    return found.map { ($0.first, $0.last) }
  }
}
