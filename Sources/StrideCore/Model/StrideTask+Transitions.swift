import Foundation

/// The changes a task can go through. Each checks that it makes sense for the task as it stands, and says what to
/// do instead when it does not. `now` is the instant of the change; none of these read a clock.
extension StrideTask {
  /// Marks the task done. Its steps are left as they were, so a later `reopen` finds them unchanged.
  public mutating func complete(at now: Date) throws(StrideError) {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is already done; reopen it with: stride reopen \(id)")
    }
    status = .completed
    completedAt = now
    deferral = nil
    waitingFor = nil
    updatedAt = now
  }

  /// Brings a done task back as active.
  public mutating func reopen(at now: Date) throws(StrideError) {
    guard status == .completed else { throw StrideError(.invalidTransition, "task \(id) is not done") }
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

  /// Marks a step done. Completing the last open step completes the task too.
  public mutating func completeStep(_ index: Int, at now: Date) throws(StrideError) {
    let position = try stepPosition(index)
    guard !subtasks[position].done else {
      throw StrideError(.invalidTransition, "step \(id).\(index) is already done")
    }
    subtasks[position].done = true
    subtasks[position].completedAt = now
    updatedAt = now
    if status != .completed, subtasks.allSatisfy(\.done) {
      try complete(at: now)
    }
  }

  /// Marks a done step open again; a done task becomes active again, since it has work left.
  public mutating func reopenStep(_ index: Int, at now: Date) throws(StrideError) {
    let position = try stepPosition(index)
    guard subtasks[position].done else { throw StrideError(.invalidTransition, "step \(id).\(index) is not done") }
    subtasks[position].done = false
    subtasks[position].completedAt = nil
    updatedAt = now
    if status == .completed {
      try reopen(at: now)
    }
  }

  /// Puts the task off for a reason, until a time or (with `until` nil) until it is resumed.
  public mutating func deferTask(_ reason: DeferReason, until: Date?, at now: Date) throws(StrideError) {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is done, so there is nothing to defer")
    }
    if let until, until <= now {
      throw StrideError.invalid("the until-time \(Timestamp.format(until)) has already passed; give a later time")
    }
    let deferral = Deferral(reason: reason, at: now, until: until)
    self.deferral = deferral
    deferrals.append(deferral)
    status = .deferred
    waitingFor = nil
    updatedAt = now
  }

  /// Parks the task while it waits on someone or something, with an optional note of what.
  public mutating func wait(for note: String?, at now: Date) throws(StrideError) {
    guard status != .completed else {
      throw StrideError(.invalidTransition, "task \(id) is done, so it is not waiting for anything")
    }
    let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
    status = .waiting
    waitingFor = trimmed?.isEmpty == false ? trimmed : nil
    deferral = nil
    updatedAt = now
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
    updatedAt = now
  }

  private func stepPosition(_ index: Int) throws(StrideError) -> Int {
    guard subtasks.indices.contains(index - 1) else {
      let has =
        switch subtasks.count {
        case 0: "it has no steps"
        case 1: "it has 1 step"
        default: "it has \(subtasks.count) steps"
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

  /// A title with its surrounding white space removed; an empty or oversized title is refused.
  public static func checkedTitle(_ title: String) throws(StrideError) -> String {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw StrideError.invalid("the title is empty; say in a few words what it is") }
    guard trimmed.count <= maximumTitleLength else {
      throw StrideError.invalid("the title is longer than \(maximumTitleLength) characters; shorten it")
    }
    return trimmed
  }

  /// Tags in lower case without a leading `#`, each once, in the order given.
  public static func checkedTags(_ tags: [String]) throws(StrideError) -> [String] {
    var result: [String] = []
    for tag in tags {
      var word = tag.trimmingCharacters(in: .whitespaces).lowercased()
      if word.hasPrefix("#") { word.removeFirst() }
      guard !word.isEmpty, word.count <= 64, !word.contains(where: \.isWhitespace), !word.contains(",") else {
        throw StrideError.invalid("'\(tag)' is not a tag; a tag is one word of at most 64 characters, like health")
      }
      if !result.contains(word) { result.append(word) }
    }
    return result
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
