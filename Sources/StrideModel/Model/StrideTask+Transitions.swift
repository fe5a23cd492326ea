import Foundation
import StrideBase

/// The changes a task can go through. Each checks that it makes sense for the task as it stands, and says what to
/// do instead when it does not. `now` is the instant of the change; none of these read a clock.
extension StrideTask {
  /// Marks the task done. Its steps are left as they were, so a later `reopen` finds them unchanged. A routine
  /// instead comes back at its next occurrence, its steps open again (the caller records the completion).
  public mutating func complete(at now: Date, calendar: LocalCalendar = LocalCalendar(timeZone: .current))
    throws(StrideError)
  {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is already done; reopen it with: stride reopen \(id)")
    }
    if let done = occurrenceDone(at: now, calendar: calendar) {
      // A series with an end that has reached it is done like any task.
      if done.recurrence.continues(to: done.next, in: calendar) {
        self.recurrence = done.recurrence.afterOne
        moveOccurrence(to: done.next, at: now)
        missed = 0
        return
      }
    }
    status = .completed
    completedAt = now
    deferral = nil
    waitingFor = nil
    followUp = nil
    updatedAt = now
  }

  /// A routine done at `now`: the occurrence that counts as done (its due time), the one it comes back at, and its
  /// rule moved on to the occurrence done; nil for a task that does not repeat. What `complete` does, and what a
  /// person is told was counted.
  public func occurrenceDone(
    at now: Date, calendar: LocalCalendar = LocalCalendar(timeZone: .current)
  ) -> (counted: Date, next: Date, recurrence: Recurrence)? {
    guard let rule = recurrence else { return nil }
    var anchor = due ?? now
    var recurrence = rule.keepingDay(of: anchor, in: calendar)
    // Missed before, done today: today's time is the one done (the daemon may not have moved it on yet).
    if let current = recurrence.current(from: anchor, at: now, in: calendar) {
      anchor = current.due
      recurrence = recurrence.passing(current.missed)
    }
    // Done nearer the occurrence before the current one (Wednesday, for Monday's), it was that one: the current
    // stays. One before the routine was captured was never one of its times: done then, it is the current one early.
    if let before = recurrence.doneFor(now, due: anchor, in: calendar), before >= createdAt {
      return (before, anchor, recurrence)
    }
    // Done early, the next one is after the current due; done late, after now: missed ones never pile up.
    let next = recurrence.next(after: recurrence.afterDone ? now : max(now, anchor), anchor: anchor, in: calendar)
    return (anchor, next, recurrence)
  }

  /// Brings a done task back as active.
  public mutating func reopen(at now: Date) throws(StrideError) {
    guard status == .completed else {
      throw StrideError(.invalidTransition, "task \(id) is not done; finish it with: stride done \(id)")
    }
    status = .active
    completedAt = nil
    updatedAt = now
  }

  /// Adds a step at the end and returns its 1-based index.
  public mutating func addStep(_ title: String, at now: Date) throws(StrideError) -> Int {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is done; reopen it first with: stride reopen \(id)")
    }
    subtasks.append(Subtask(title: try StrideTask.checkedTitle(title)))
    updatedAt = now
    return subtasks.count
  }

  /// Moves to the next occurrence without counting a completion: `stride skip`.
  public mutating func skip(at now: Date, calendar: LocalCalendar = LocalCalendar(timeZone: .current))
    throws(StrideError)
  {
    guard let recurrence else {
      throw StrideError(
        .invalidTransition,
        "task \(id) does not repeat, so there is no next time to skip to; to put it off: stride defer \(id) REASON")
    }
    guard status != .completed else { throw StrideError(.invalidTransition, "task \(id) is done") }
    let anchor = due ?? now
    var schedule = recurrence.keepingDay(of: anchor, in: calendar)
    schedule.afterDone = false
    let next = schedule.next(after: max(now, anchor), anchor: anchor, in: calendar)
    guard schedule.continues(to: next, in: calendar) else {
      throw StrideError(
        .invalidTransition,
        "this is the last time of task \(id)'s routine, so there is no next time to skip to; "
          + "finish it with: stride done \(id), or remove it with: stride delete \(id)")
    }
    self.recurrence = recurrence.keepingDay(of: anchor, in: calendar).afterOne
    moveOccurrence(to: next, at: now)
    missed = 0
  }

  /// A routine's next occurrence: due then, its steps open, any deferral or wait over; a start time moves with it.
  mutating func moveOccurrence(to next: Date, at now: Date) {
    if let start, let due { self.start = next.addingTimeInterval(start.timeIntervalSince(due)) }
    due = next
    subtasks = subtasks.map { Subtask(title: $0.title) }
    status = .active
    deferral = nil
    waitingFor = nil
    followUp = nil
    updatedAt = now
  }

  /// The most tasks that can be pinned at once.
  public static let maximumPins = 3

  /// Marks a step done. Completing the last open step completes the task too.
  public mutating func completeStep(
    _ index: Int, at now: Date, calendar: LocalCalendar = LocalCalendar(timeZone: .current)
  ) throws(StrideError) {
    let position = try stepPosition(index)
    guard !subtasks[position].done else {
      throw StrideError(
        .invalidTransition, "step \(id).\(index) is already done; bring it back with: stride reopen \(id).\(index)")
    }
    // A finished task's steps need no ticking: it is done whichever of them are.
    guard status != .completed else {
      throw StrideError(
        .invalidTransition,
        "task \(id) is already done, so its steps need no ticking; to work on it again: stride reopen \(id)")
    }
    subtasks[position].done = true
    subtasks[position].completedAt = now
    updatedAt = now
    if status != .completed, subtasks.allSatisfy(\.done) {
      try complete(at: now, calendar: calendar)
    }
  }

  /// Marks a done step open again; a done task becomes active again, since it has work left.
  public mutating func reopenStep(_ index: Int, at now: Date) throws(StrideError) {
    let position = try stepPosition(index)
    guard subtasks[position].done else {
      throw StrideError(
        .invalidTransition, "step \(id).\(index) is not done; finish it with: stride done \(id).\(index)")
    }
    subtasks[position].done = false
    subtasks[position].completedAt = nil
    updatedAt = now
    if status == .completed {
      try reopen(at: now)
    }
  }

  /// When to check on a task deferred as `blocked` by something that is not another task: two calendar days on,
  /// at the start of the person's day (`Deferral.checkIn`).
  public static let blockedFollowUpDays = 2

  /// Puts the task off for a reason; the reason decides what happens next (Docs/context-engine.md):
  /// - `blocked`: the task waits, with a check-in two days on at the start of the day, or the last start of a day
  ///   before its due time (a block on another task is the store's job);
  /// - `no-energy`: deferred until `until`, or until the user's energy is higher than `energy`, the energy now;
  /// - `wrong-time`: deferred until `until`, which it needs;
  /// - `unsure`: deferred, but offered at once as "break it into steps";
  /// - `not-important`: deferred for a week, to the start of that day, unless `until` says otherwise.
  /// A pause Stride times itself ends at `dayStart` in `calendar`, never at the minute it began.
  public mutating func deferTask(
    _ reason: DeferReason, until: Date?, energy: EnergyLevel? = nil, at now: Date,
    calendar: LocalCalendar = LocalCalendar(timeZone: .current), dayStart: ClockTime = TimeParser.defaultDayStart
  ) throws(StrideError) {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is done, so there is nothing to defer")
    }
    if let until { try Self.checkAhead(until, "the until-time", at: now) }
    if let refusal = reason.untilRefusal(given: until != nil) { throw StrideError.invalid(refusal) }
    let effectiveUntil =
      until ?? reason.pauseDays.map { Deferral.dayStart(days: $0, from: now, calendar: calendar, dayStart: dayStart) }
    let deferral = Deferral(reason: reason, at: now, until: effectiveUntil, energy: energy)
    deferrals.append(deferral)
    updatedAt = now
    switch reason.whileDeferred {
    case .waits:
      status = .waiting
      self.deferral = nil
      waitingFor = waitingFor ?? "something else to happen first"
      followUp = until ?? Deferral.checkIn(for: self, at: now, calendar: calendar, dayStart: dayStart)
    case .hidden, .offeredAtOnce, .backWithEnergy:
      self.deferral = deferral
      status = .deferred
      waitingFor = nil
      followUp = nil
    }
  }

  /// Parks the task while it waits on someone or something, with an optional note of what and a time to check.
  public mutating func wait(for note: String?, followUp: Date? = nil, at now: Date) throws(StrideError) {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is done, so it is not waiting for anything")
    }
    var trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
    // "waiting for Jo's numbers": every sentence says "waiting for" itself, so the note is what is waited for.
    if let text = trimmed,
      let lead = ["waiting for ", "waiting on ", "wait for ", "wait on "].first(where: {
        text.lowercased().hasPrefix($0) && text.count > $0.count
      })
    {
      trimmed = String(text.dropFirst(lead.count)).trimmingCharacters(in: .whitespaces)
    }
    if let followUp { try Self.checkAhead(followUp, "the follow-up time", at: now) }
    status = .waiting
    waitingFor = trimmed?.isEmpty == false ? trimmed : nil
    self.followUp = followUp
    deferral = nil
    updatedAt = now
  }

  /// Refuses a time to come back or check that is not ahead: one in the past, or now itself ("in 0 minutes", read a
  /// moment before the change), which would put nothing off.
  static func checkAhead(_ time: Date, _ what: String, at now: Date) throws(StrideError) {
    guard time <= now else { return }
    // Read by the client a few seconds before the change: that is now, not a time that has passed.
    guard now.timeIntervalSince(time) >= 60 else {
      throw StrideError.invalid(
        "\(what) is now, so nothing would be put off; give a later time, like \"in 2 hours\" or \"tomorrow\"")
    }
    let when = HumanTime(now: now).describe(time)
    throw StrideError.invalid("\(what), \(when), has already passed; give a later time")
  }

  /// Ends a deferral or a wait: the task is active again.
  public mutating func resume(at now: Date) throws(StrideError) {
    guard status == .deferred || status == .waiting else {
      let state = status == .completed ? "done" : "already active"
      throw StrideError(.invalidTransition, "task \(id) is \(state), so there is nothing to resume")
    }
    status = .active
    deferral = nil
    waitingFor = nil
    followUp = nil
    updatedAt = now
  }

  private func stepPosition(_ index: Int) throws(StrideError) -> Int {
    guard subtasks.indices.contains(index - 1) else {
      // What there is instead, as the person types it, or how to add one.
      let has =
        switch subtasks.count {
        case 0: "it has no steps yet (add one with: stride step \(id) \"…\")"
        case 1: "it has 1 step, \(id).1"
        default: "it has \(subtasks.count) steps, \(id).1 to \(id).\(subtasks.count)"
        }
      throw StrideError(.subtaskNotFound, "task \(id) has no step \(index); \(has)")
    }
    return index - 1
  }
}

/// The rules for the fields a person types.
extension StrideTask {
  /// The longest title Stride keeps, in characters.
  public static let maximumTitleLength = 1000

  /// The words of a text, cut at white space and control characters (a tab, a stray carriage return, NUL), one
  /// scalar at a time: a space followed by a combining mark is one character, but still a break between words.
  /// Bidirectional controls (U+202E and its kin) go: they reorder what follows on screen, so a title would read
  /// other than it is.
  package static func words(_ text: String) -> [String] {
    text.unicodeScalars.filter { !$0.properties.isBidiControl }
      .split { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
      .map { String(String.UnicodeScalarView($0)) }
  }

  /// A title on one line: control characters and runs of white space become one space, the ends are trimmed; an
  /// empty or oversized title is refused.
  public static func checkedTitle(_ title: String) throws(StrideError) -> String {
    // Most titles are printable ASCII, one space between words: already on one line, as they are (every capture
    // checks its title; splitting it into words by their Unicode properties costs ~30,000 instructions).
    if isOneLineASCII(title) { return title }
    // A title is shown on one line and written to space-separated files (todo.txt), which must read it back.
    let trimmed = words(title).joined(separator: " ")
    guard !trimmed.isEmpty else { throw StrideError.invalid("the title is empty; say in a few words what it is") }
    guard trimmed.count <= maximumTitleLength else {
      throw StrideError.invalid("the title is longer than \(maximumTitleLength) characters; shorten it")
    }
    return trimmed
  }

  /// Whether `text` is printable ASCII words with one space between them and none at the ends, at most
  /// `maximumTitleLength` long: what `checkedTitle` would give back unchanged.
  private static func isOneLineASCII(_ text: String) -> Bool {
    let bytes = text.utf8
    guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
      bytes.count <= maximumTitleLength
    else { return false }
    var previous: UInt8 = 0
    for byte in bytes {
      guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
      previous = byte
    }
    return true
  }

  /// Tags in lower case without a leading `#`, each once, in the order given.
  public static func checkedTags(_ tags: [String]) throws(StrideError) -> [String] {
    var result: [String] = []
    for tag in tags {
      // `#health` is how people write the tag health; every leading # goes, so a tag read back is the same tag.
      let word = String(tag.trimmingCharacters(in: .whitespaces).lowercased().drop { $0 == "#" })
      guard !word.isEmpty, word.count <= 64, !word.contains(where: \.isWhitespace), !word.contains(",") else {
        throw StrideError.invalid("'\(tag)' is not a tag; a tag is one word of at most 64 characters, like health")
      }
      if !result.contains(word) { result.append(word) }
    }
    return result
  }

  /// A list's name as given, checked: one word of letters, digits, `-` and `_`, at most 40 characters ("home",
  /// "work-2026"). Names are matched without regard to case.
  public static func checkedListName(_ name: String) throws(StrideError) -> String {
    let word = name.trimmingCharacters(in: .whitespaces)
    guard !word.isEmpty, word.count <= 40, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else {
      throw StrideError.invalid(
        "'\(name)' is not a list name; a list's name is one word of letters, digits, - or _, like home or work")
    }
    return word
  }

  /// A list name made from a server's display name: "Household Tasks" → "household-tasks" (nil if nothing is left).
  public static func listName(fromDisplayName text: String) -> String? {
    let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
    let name = String(words.joined(separator: "-").prefix(40))
    return name.isEmpty ? nil : name
  }

  /// The longest estimate Stride accepts: a week of minutes. Longer work wants steps.
  public static let maximumEstimateMinutes = 7 * 24 * 60

  /// An estimate in whole minutes, from 1 minute to a week.
  public static func checkedEstimate(_ minutes: Int) throws(StrideError) -> Int {
    guard (1...maximumEstimateMinutes).contains(minutes) else {
      throw StrideError.invalid(
        "an estimate must be between 1 minute and \(maximumEstimateMinutes) minutes (a week); break longer work into steps"
      )
    }
    return minutes
  }
}
