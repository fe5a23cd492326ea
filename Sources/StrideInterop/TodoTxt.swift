import Foundation
import StrideBase
import StrideModel
import StrideProtocol

/// todo.txt: one task per line — `x DONE CREATED (A) title +project @context due:2026-12-01 t:2026-11-25`.
/// Docs/interop.md says how each part maps.
enum TodoTxt {
  static let priorities: [TaskType: String] = [.obligation: "A", .goal: "B"]

  // MARK: Export

  static func text(_ tasks: [StrideTask], timeZone: TimeZone) -> String {
    tasks.map { line($0, timeZone: timeZone) + "\n" }.joined()
  }

  static func line(_ task: StrideTask, timeZone: TimeZone) -> String {
    func day(_ date: Date) -> String { String(HumanTime(now: date, timeZone: timeZone).rfc3339(date).prefix(10)) }
    var words: [String] = []
    if task.status == .completed {
      words += ["x", day(task.completedAt ?? task.updatedAt), day(task.createdAt)]
    } else {
      if let priority = priorities[task.type] { words.append("(\(priority))") }
      words.append(day(task.createdAt))
    }
    words.append(task.title)
    words += task.tags.map { "+" + $0 }
    if let due = task.due { words.append("due:" + day(due)) }
    let threshold = [task.start, task.status == .deferred ? task.deferral?.until : nil].compactMap { $0 }.max()
    if let threshold { words.append("t:" + day(threshold)) }
    if task.status == .completed, let priority = priorities[task.type] { words.append("pri:" + priority) }
    if task.energy != .medium { words.append("energy:" + task.energy.rawValue) }
    if let minutes = task.estimateMinutes { words.append("est:\(minutes)m") }
    return words.joined(separator: " ")
  }

  // MARK: Import

  static func plan(_ text: String, now: Date, timeZone: TimeZone) -> ImportPlan {
    var plan = ImportPlan()
    let parser = TimeParser(reference: now, timeZone: timeZone)
    func date(_ word: Substring?, _ clock: ClockTime) -> Date? { Self.date(word, clock, parser) }
    var repeats = 0
    // Lines and words are cut at scalars, not characters ("\r\n" is one character), and words the way a title's are,
    // so that a title written out reads back as the same words.
    for (index, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespacesAndNewlines)
      var words = StrideTask.words(line).map { Substring($0) }[...]
      guard !words.isEmpty else { continue }
      var completed: Date?
      var fields = Fields()
      if words.first == "x" {
        words.removeFirst()
        completed = date(words.first, .startOfDay)
        if completed != nil { words.removeFirst() } else { completed = now }
      } else if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")") {
        fields.type = priorities.first { "(\($0.value))" == first }?.key ?? .chore
        words.removeFirst()
      }
      let created = date(words.first, .startOfDay)
      if created != nil { words.removeFirst() }
      for word in words { fields.read(word, date: date) }
      if fields.repeats { repeats += 1 }
      guard let checked = try? StrideTask.checkedTitle(fields.title.joined(separator: " ")) else {
        plan.skip(
          "line \(index + 1)",
          fields.title.isEmpty ? "it has no text besides dates, tags and fields" : "its text is too long")
        continue
      }
      let createdAt = created ?? now
      var task = StrideTask(
        id: TaskID(Int64(plan.tasks.count + 1)), title: checked, rawInput: line, energy: fields.energy,
        estimateMinutes: fields.estimate, type: fields.type, due: fields.due,
        start: fields.start.flatMap { $0 > now ? $0 : nil }, tags: fields.tags, createdAt: createdAt,
        updatedAt: min(max(createdAt, completed ?? createdAt), now))
      if let completed {
        task.status = .completed
        task.completedAt = max(completed, createdAt)
      }
      plan.tasks.append(task)
    }
    if repeats > 0 {
      plan.notes.append(
        "\(repeats) task\(repeats == 1 ? " repeats" : "s repeat") (rec:); Stride imported each once, as it does not repeat tasks"
      )
    }
    return plan
  }

  /// A todo.txt date: exactly YYYY-MM-DD. (The time parser alone would also read a word like `000021346S` as an
  /// instant later today, which is written back as a day and read as another instant.)
  private static func date(_ word: Substring?, _ clock: ClockTime, _ parser: TimeParser) -> Date? {
    guard let word, word.utf8.count == 10,
      word.utf8.enumerated().allSatisfy({
        [4, 7].contains($0.offset) ? $0.element == 0x2D : (0x30...0x39).contains($0.element)
      }),
      let match = parser.parse(String(word))
    else { return nil }
    return parser.instant(match.value, dateOnly: clock)
  }

  /// What the words of a line after its dates say: its title, `+project` and `@context` as tags, `due:`, `t:`
  /// (threshold), `pri:`, `energy:`, `est:` and `rec:`.
  private struct Fields {
    var title: [Substring] = []
    var tags: [String] = []
    var due: Date?
    var start: Date?
    var type = TaskType.chore
    var energy = EnergyLevel.medium
    var estimate: Int?
    var repeats = false

    mutating func read(_ word: Substring, date: (Substring?, ClockTime) -> Date?) {
      let key = word.split(separator: ":", maxSplits: 1).first ?? ""
      let value = word.dropFirst(key.count + 1)
      if (word.hasPrefix("+") || word.hasPrefix("@")), word.count > 1,
        let tag = try? StrideTask.checkedTags([String(word.dropFirst())]).first
      {
        if !tags.contains(tag) { tags.append(tag) }
      } else if key == "due", let day = date(value, .endOfDay) {
        due = day
      } else if key == "t", let day = date(value, .startOfDay) {
        start = day
      } else if key == "pri", let priority = TodoTxt.priorities.first(where: { $0.value == value }) {
        type = priority.key
      } else if key == "energy", let level = EnergyLevel(word: String(value)) {
        energy = level
      } else if key == "est", let minutes = Durations.minutes(String(value)) {
        estimate = minutes
      } else if key == "rec", !value.isEmpty {
        repeats = true
      } else {
        title.append(word)
      }
    }
  }
}
