import StrideBase

/// A line the person types to capture a thought, and what they meant by it.
struct CaptureText {
  let text: String
  let title: String
  let intended: Intended
}

/// Writes captures as a person types them: obligations with due times from an hour to ten days away, goals, and many
/// undated chores, some with steps, a few tagged.
enum Captures {
  static func make(_ random: inout Random, at instant: Instant, avoiding open: Set<String>) -> CaptureText {
    switch random.weighted([0.40, 0.05, 0.15, 0.33, 0.07]) {
    case 0: return obligation(&random, at: instant, avoiding: open, dated: true)
    case 1: return obligation(&random, at: instant, avoiding: open, dated: false)
    case 2: return goal(&random, avoiding: open)
    case 3: return chore(&random, avoiding: open)
    default: return choreWithSteps(&random, avoiding: open)
    }
  }

  /// A title from `pool` that names no open task, if there is one.
  static func fresh(_ random: inout Random, _ pool: [String], avoiding open: Set<String>) -> String {
    let free = pool.filter { !open.contains($0) }
    return random.pick(free.isEmpty ? pool : free)
  }

  static func obligation(
    _ random: inout Random, at instant: Instant, avoiding open: Set<String>, dated: Bool
  ) -> CaptureText {
    let party = dated && random.chance(0.25)
    let title = fresh(&random, party ? Titles.partyObligations : Titles.obligations, avoiding: open)
    var words = [title]
    if dated { words.append(dueWords(&random, at: instant, party: party)) }
    let estimate = random.chance(0.6) ? random.pick([10, 15, 20, 30, 45, 60, 90]) : nil
    let energy = random.pick([EnergyLevel.low, .low, .medium, .medium, .high])
    let tags = random.chance(0.25) ? [random.pick(["admin", "work", "health"])] : []
    let written = random.chance(0.8)
    words += tokens(estimate: estimate, energy: energy, written: written, tags: tags)
    return CaptureText(
      text: words.joined(separator: " "), title: title,
      intended: Intended(
        type: .obligation, energy: written ? energy : .medium, estimate: estimate, hasDue: dated, tags: tags,
        steps: 0))
  }

  static func goal(_ random: inout Random, avoiding open: Set<String>) -> CaptureText {
    let title = fresh(&random, Titles.goals, avoiding: open)
    let estimate = random.chance(0.5) ? random.pick([30, 45, 60, 90, 120]) : nil
    let energy = random.pick([EnergyLevel.high, .high, .medium])
    let tags = random.chance(0.2) ? ["health"] : []
    let written = random.chance(0.8)
    var words = [title] + tokens(estimate: estimate, energy: energy, written: written, tags: tags)
    words.append("type:goal")
    let steps = random.chance(0.3) ? random.pick(Titles.goalSteps) : []
    let text = words.joined(separator: " ") + (steps.isEmpty ? "" : ": " + steps.joined(separator: ", "))
    return CaptureText(
      text: text, title: title,
      intended: Intended(
        type: .goal, energy: written ? energy : .medium, estimate: estimate,
        hasDue: false, tags: tags, steps: steps.count))
  }

  static func chore(_ random: inout Random, avoiding open: Set<String>) -> CaptureText {
    let title = fresh(&random, Titles.chores, avoiding: open)
    let estimate = random.chance(0.75) ? random.pick([5, 10, 10, 15, 20, 30, 45, 60]) : nil
    let energy = random.pick([EnergyLevel.low, .low, .low, .medium, .medium, .high])
    let tags = random.chance(0.25) ? [random.pick(["home", "errands", "garden", "admin"])] : []
    let written = random.chance(0.75)
    let words = [title] + tokens(estimate: estimate, energy: energy, written: written, tags: tags)
    return CaptureText(
      text: words.joined(separator: " "), title: title,
      intended: Intended(
        type: .chore, energy: written ? energy : .medium, estimate: estimate,
        hasDue: false, tags: tags, steps: 0))
  }

  static func choreWithSteps(_ random: inout Random, avoiding open: Set<String>) -> CaptureText {
    let free = Titles.choresWithSteps.filter { !open.contains($0.0) }
    let (title, steps) = random.pick(free.isEmpty ? Titles.choresWithSteps : free)
    let estimate = random.chance(0.5) ? random.pick([20, 30, 45, 60]) : nil
    let energy = random.pick([EnergyLevel.low, .medium, .medium, .high])
    let tags = random.chance(0.3) ? ["home"] : []
    let words = [title] + tokens(estimate: estimate, energy: energy, written: true, tags: tags)
    return CaptureText(
      text: words.joined(separator: " ") + ": " + steps.joined(separator: ", "), title: title,
      intended: Intended(
        type: .chore, energy: energy, estimate: estimate, hasDue: false, tags: tags, steps: steps.count))
  }

  /// "~10m !low #home": the estimate, the energy (when `written`) and the tags, as tokens.
  static func tokens(estimate: Int?, energy: EnergyLevel, written: Bool, tags: [String]) -> [String] {
    var words: [String] = []
    if let estimate { words.append("~" + duration(estimate)) }
    if written { words.append("!" + short(energy)) }
    words += tags.map { "#" + $0 }
    return words
  }

  static func short(_ energy: EnergyLevel) -> String {
    switch energy {
    case .low: "low"
    case .medium: "med"
    case .high: "high"
    }
  }

  /// "10m", "1h", "1h30m".
  static func duration(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    return hours == 0 ? "\(rest)m" : rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
  }

  /// When an obligation is due, as typed: within hours, today, tomorrow morning, in a few days, or in a week or more.
  /// A party's obligation needs a deadline word (`by`, `due`) to be read as one.
  static func dueWords(_ random: inout Random, at instant: Instant, party: Bool) -> String {
    let hour = TimeWords.secondsOfDay(instant) / 3600
    switch random.weighted([0.22, 0.10, 0.20, 0.24, 0.24]) {
    case 0:
      return random.pick(party ? ["due in 2 hours", "due in 3 hours"] : ["in 2 hours", "in 3 hours", "in an hour"])
    case 1:
      if hour < 15 { return "by 5pm" }
      if hour < 19 && !party { return "tonight" }
      return party ? "due in 2 hours" : "in 2 hours"
    case 2:
      return random.pick(party ? ["by tomorrow 9am", "by tomorrow 10am"] : ["tomorrow 9am", "by tomorrow 10am"])
    case 3:
      return random.pick(["by friday 5pm", "due in 3 days", "due in 2 days", "by monday"])
    default:
      return random.pick(party ? ["due in 10 days", "due in 6 days"] : ["in 10 days", "due in 6 days", "in 8 days"])
    }
  }
}
