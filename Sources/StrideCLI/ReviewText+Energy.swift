import StrideBase
import StrideNowView
import StrideWire

/// What `stride review` says of the person's energy over the day: learned from all they finished, and whether `now`
/// uses it.
extension ReviewText {
  var energyDay: [String] {
    guard let energy = review.energy else { return [] }
    guard energy.hours.contains(where: { $0 != nil }) else {
      return [
        "  \(plural(energy.finishes, "finished task")) so far; from \(energy.needed), Stride learns when you usually "
          + "have energy."
      ]
    }
    let days: [(String, [EnergyLevel?])] =
      if let weekdays = energy.weekdays, let weekends = energy.weekends {
        [("weekdays", weekdays), ("weekends", weekends)]
      } else {
        [("every day", energy.hours)]
      }
    let source = "  From \(plural(energy.finishes, "finished task")) (the recent ones count most)"
    var lines: [String]
    if plain {
      lines = [source + ":"] + days.map { "  \($0.0.sentenceStart): " + Self.stretches($0.1) + "." }
    } else {
      lines = days.map { "  " + TerminalColumns.pad($0.0, to: 11) + $0.1.map(Self.mark).joined() }
      lines += ["             0     6     12    18   23", "  █ high  ▅ medium  ▂ low  · too few to say", source + "."]
    }
    lines.append(
      energy.used
        ? "  When you have not set your energy, now suggests for the one you usually have at that hour, and says so."
        : "  now does not use this, since engine.learnEnergy is off.")
    return lines
  }

  /// "high from 08:00 to 12:00, medium from 12:00 to 20:00 and low from 20:00 to midnight": each run of hours with
  /// one level, in the day's order; hours with too few finishes are left out, and said to be.
  static func stretches(_ hours: [EnergyLevel?]) -> String {
    var runs: [(level: EnergyLevel, from: Int, to: Int)] = []
    for (hour, level) in hours.enumerated() {
      guard let level else { continue }
      if let last = runs.last, last.level == level, last.to == hour {
        runs[runs.count - 1].to = hour + 1
      } else {
        runs.append((level, hour, hour + 1))
      }
    }
    func clock(_ hour: Int) -> String { hour == 24 ? "midnight" : "\(hour.padded(2, with: "0")):00" }
    let said = listed(runs.map { "\($0.level.rawValue) from \(clock($0.from)) to \(clock($0.to))" })
    return hours.contains(nil) ? said + "; too few finishes to say at the other hours" : said
  }

  private static func mark(_ level: EnergyLevel?) -> String {
    switch level {
    case .high: "█"
    case .medium: "▅"
    case .low: "▂"
    case nil: "·"
    }
  }
}
