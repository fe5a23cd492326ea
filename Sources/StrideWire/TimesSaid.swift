import StrideBase

// A result's times in words, for a connection that asked for them (`client.context` `said`): each result that has
// times to say has a `Said` of its own, a field for each time it carries, under that time's key. The daemon fills
// them (`SaysTimes`); a client prints them, or the time as the wire wrote it when a field is absent. (A task's and
// a capture's are `TaskSaid` and `DraftSaid`.)

/// One moment in words: `at`.
public struct MomentSaid: Codable, Sendable, Equatable {
  public var at: String

  public init(at: String) { self.at = at }
}

extension ServerInfo.Result {
  public struct Said: Codable, Sendable, Equatable {
    public var startedAt: String

    public init(startedAt: String) { self.startedAt = startedAt }
  }
}

extension ContextResult {
  public struct Said: Codable, Sendable, Equatable {
    public var updatedAt: String?
    public var lapsesAt: String?

    public init(updatedAt: String?, lapsesAt: String?) {
      self.updatedAt = updatedAt
      self.lapsesAt = lapsesAt
    }
  }
}

extension ListInfo {
  public struct Said: Codable, Sendable, Equatable {
    public var lastSuccess: String?
    public var lastAttempt: String?

    public init(lastSuccess: String?, lastAttempt: String?) {
      self.lastSuccess = lastSuccess
      self.lastAttempt = lastAttempt
    }
  }
}

extension SyncStatus.Result {
  public struct Said: Codable, Sendable, Equatable {
    public var lastSuccess: String?
    public var lastAttempt: String?
    public var nextSync: String?

    public init(lastSuccess: String?, lastAttempt: String?, nextSync: String?) {
      self.lastSuccess = lastSuccess
      self.lastAttempt = lastAttempt
      self.nextSync = nextSync
    }
  }
}

extension Wire.SubscribeResult {
  public struct Said: Codable, Sendable, Equatable {
    public var nextWakeUp: String?

    public init(nextWakeUp: String?) { self.nextWakeUp = nextWakeUp }
  }
}

extension Wire.Event {
  public struct Said: Codable, Sendable, Equatable {
    public var at: String
    /// `at` as a clock, "14:05".
    public var clock: String
    /// When the first wake-up came due (`task.woke`).
    public var wakeUp: String?

    public init(at: String, clock: String, wakeUp: String?) {
      self.at = at
      self.clock = clock
      self.wakeUp = wakeUp
    }
  }
}

extension HistoryLog.Entry {
  public struct Said: Codable, Sendable, Equatable {
    public var at: String
    /// The calendar day a log is laid out by, "Tuesday 17 November".
    public var day: String
    /// `at` as a clock, "09:30".
    public var clock: String

    public init(at: String, day: String, clock: String) {
      self.at = at
      self.day = day
      self.clock = clock
    }
  }
}

extension HistoryReview.Result {
  public struct Said: Codable, Sendable, Equatable {
    /// `since` as a calendar day.
    public var since: String
    /// `until` as a moment.
    public var until: String

    public init(since: String, until: String) {
      self.since = since
      self.until = until
    }
  }
}

extension HistoryReview.Day {
  public struct Said: Codable, Sendable, Equatable {
    /// The day in full, "Tuesday 17 November".
    public var date: String
    /// The day short, for a chart's row.
    public var dateShort: String

    public init(date: String, dateShort: String) {
      self.date = date
      self.dateShort = dateShort
    }
  }
}
