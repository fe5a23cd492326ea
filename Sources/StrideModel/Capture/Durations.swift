/// Lengths of time written the way Taskwarrior users write them: `2h`, `90min`, `1.5days`, `3 weeks`, `weekly`,
/// `P1DT2H`. A month is 30 days, a quarter 91 and a year 365, as in Taskwarrior.
public enum Durations {
  /// Seconds in each unit word.
  static let units: [String: Int] = {
    var table: [String: Int] = [:]
    let groups: [([String], Int)] = [
      (["s", "sec", "secs", "second", "seconds"], 1),
      (["m", "min", "mins", "minute", "minutes"], 60),
      (["h", "hr", "hrs", "hour", "hours"], 3600),
      (["d", "day", "days"], 86_400),
      (["w", "wk", "wks", "week", "weeks"], 604_800),
      (["sennight", "sennights"], 604_800),
      (["fortnight", "fortnights"], 1_209_600),
      (["mo", "mos", "month", "months"], 2_592_000),
      (["q", "qtr", "qtrs", "quarter", "quarters"], 7_862_400),
      (["y", "yr", "yrs", "year", "years"], 31_536_000),
    ]
    for (words, seconds) in groups {
      for word in words { table[word] = seconds }
    }
    return table
  }()

  /// Words that are a duration on their own.
  static let named: [String: Int] = [
    "daily": 86_400, "day": 86_400, "weekdays": 86_400, "weekly": 604_800, "week": 604_800,
    "biweekly": 1_209_600, "fortnight": 1_209_600, "monthly": 2_592_000, "month": 2_592_000,
    "bimonthly": 5_270_400, "quarterly": 7_862_400, "semiannual": 15_811_200, "annual": 31_536_000,
    "yearly": 31_536_000, "year": 31_536_000, "biannual": 63_072_000, "biyearly": 63_072_000,
  ]

  /// The longest length read, some 6,800 years: a number `Int` holds with room to spare.
  static let maximumSeconds = Double(Int32.max) * 100

  /// The length `text` names in whole seconds (fractions of a second are dropped), or nil. A number alone is not
  /// a duration: `59` could be anything.
  public static func seconds(_ text: String) -> Int? {
    let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
    if let value = named[lower] { return value }
    if lower.hasPrefix("p") || lower.hasPrefix("-p") { return iso(lower) }
    var total = 0.0
    var rest = Substring(lower)
    var parts = 0
    while !rest.isEmpty {
      rest = rest.drop { $0 == " " }
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !number.isEmpty, let value = Double(number) else { return nil }
      rest = rest.dropFirst(number.count).drop { $0 == " " }
      let unit = rest.prefix { $0.isLetter }
      guard let seconds = units[String(unit)] else { return nil }
      rest = rest.dropFirst(unit.count)
      total += value * Double(seconds)
      parts += 1
    }
    guard parts > 0, total < maximumSeconds else { return nil }
    return Int(total)
  }

  /// ISO 8601 durations: `P1Y2M3DT4H5M6S`, `P2W`, with an optional leading minus.
  static func iso(_ text: String) -> Int? {
    var rest = Substring(text)
    var sign = 1
    if rest.hasPrefix("-") {
      sign = -1
      rest = rest.dropFirst()
    }
    guard rest.hasPrefix("p") else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var parts = 0
    let dateUnits: [Character: Int] = ["y": 31_536_000, "m": 2_592_000, "w": 604_800, "d": 86_400]
    let timeUnits: [Character: Int] = ["h": 3600, "m": 60, "s": 1]
    while let next = rest.first {
      if next == "t" {
        guard !inTime else { return nil }
        inTime = true
        rest = rest.dropFirst()
        continue
      }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, let value = Int(digits) else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let unit = rest.first, let seconds = (inTime ? timeUnits : dateUnits)[unit] else { return nil }
      rest = rest.dropFirst()
      // A length past any calendar (found by fuzzing: P666666666666668M) is no length, not an overflow.
      let (product, overflowed) = value.multipliedReportingOverflow(by: seconds)
      let (sum, overflowedSum) = total.addingReportingOverflow(product)
      guard !overflowed, !overflowedSum else { return nil }
      total = sum
      parts += 1
    }
    guard parts > 0, !(inTime && text.hasSuffix("t")) else { return nil }
    return sign * total
  }
}
