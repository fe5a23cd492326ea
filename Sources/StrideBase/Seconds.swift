/// Lengths of time in seconds, named once for the rules that count in them: "within 6 hours" is
/// `Seconds.hours(6)`, not a bare 21,600.
///
/// A day here is 24 hours of time passing. "The same clock time tomorrow" or "the start of the day a week on" is
/// the calendar's to find (`CivilDate.adding(days:)`, `LocalCalendar.adding(days:to:)`): a day on which summer time
/// begins or ends is 23 or 25 hours long.
public enum Seconds {
  public static let perMinute = 60
  public static let perHour = 3600
  public static let perDay = 86_400
  public static let perWeek = 604_800

  /// `count` hours in seconds: 1.5 is 5,400.
  public static func hours(_ count: Double) -> Double { count * Double(perHour) }

  /// `count` days of 24 hours in seconds.
  public static func days(_ count: Double) -> Double { count * Double(perDay) }

  /// How many hours `seconds` make: 5,400 is 1.5.
  public static func inHours(_ seconds: Double) -> Double { seconds / Double(perHour) }

  /// Whole minutes, a part of one counted as one: the minutes left of a timebox as a clock shows them.
  public static func minutesRoundedUp(_ seconds: Int) -> Int { (max(0, seconds) + perMinute - 1) / perMinute }

  /// How many days of 24 hours `seconds` make.
  public static func inDays(_ seconds: Double) -> Double { seconds / Double(perDay) }
}
