/// A time zone's offset from UTC as RFC 3339 and ISO 8601 write it, "+01:00" or "-05:30": written one way, and
/// worked out one way from the parts a reader took from text (each reader keeps the forms it accepts).
public enum UTCOffset {
  /// "+01:00" for 3,600 seconds east of UTC, "-05:30" for 19,800 west, "+00:00" for UTC; seconds within a minute
  /// are left out.
  public static func written(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    let hours = magnitude / Seconds.perHour
    let minutes = magnitude % Seconds.perHour / Seconds.perMinute
    return (seconds < 0 ? "-" : "+") + hours.padded(2, with: "0") + ":" + minutes.padded(2, with: "0")
  }

  /// Seconds east of UTC for an offset read as a sign, hours and minutes: `-05:30` is -19,800.
  public static func seconds(negative: Bool, hours: Int, minutes: Int) -> Int {
    (hours * Seconds.perHour + minutes * Seconds.perMinute) * (negative ? -1 : 1)
  }
}
