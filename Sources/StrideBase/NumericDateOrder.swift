/// How a locale orders the day and the month in a numeric date such as 3/12/2026.
public enum NumericDateOrder: String, Codable, Sendable {
  /// 3/12/2026 is 3 December (most of the world: en_GB, de_DE, fr_FR…).
  case dayFirst = "day-first"
  /// 3/12/2026 is 12 March (en_US and a few others).
  case monthFirst = "month-first"
  /// No locale known (C, POSIX, unset): a date that reads both ways is refused, naming both readings.
  case unknown

  /// The order of the locale that formats dates here: `LC_ALL`, else `LC_TIME`, else `LANG` (as POSIX looks them
  /// up).
  public static func fromEnvironment(_ environment: [String: String]) -> NumericDateOrder {
    forLocale(localeName(for: "LC_TIME", in: environment))
  }

  /// `en_US.UTF-8` → month first; `de_DE.UTF-8`, `en_GB` → day first; `C`, `POSIX`, empty → unknown.
  public static func forLocale(_ name: String) -> NumericDateOrder {
    let base = String(name.prefix { $0 != "." && $0 != "@" })
    guard base.count >= 2, base != "C", base != "POSIX" else { return .unknown }
    let monthFirst: Set<String> = [
      "en_US", "es_US", "en_PH", "fil_PH", "en_AS", "en_GU", "en_MH", "en_PR", "en_UM", "en_VI",
    ]
    if monthFirst.contains(base) { return .monthFirst }
    // Year-first locales write day and month as month/day when the year is left out.
    if ["ja", "zh", "ko"].contains(String(base.prefix { $0 != "_" })) { return .monthFirst }
    return .dayFirst
  }
}

/// The locale that governs `category` (`LC_TIME`, `LC_NUMERIC`…), looked up as POSIX does: `LC_ALL`, else the
/// category, else `LANG`; empty when none is set.
public func localeName(for category: String, in environment: [String: String]) -> String {
  ["LC_ALL", category, "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
}
