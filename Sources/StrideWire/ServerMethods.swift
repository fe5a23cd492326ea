import StrideBase

/// `server.info`: what the daemon is and where it keeps things.
public enum ServerInfo: WireMethod {
  public static let method = Method.serverInfo
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var `protocol`: Int
    public var server: String
    public var version: String
    public var pid: Int32
    public var socket: String
    public var database: String
    public var startedAt: Timestamp
    public var openTasks: Int
    /// How desktop reminders stand (absent from a daemon older than them).
    public var reminders: RemindersStatus?
    /// The keys of config.json that are no setting, each in a sentence naming the nearest one; absent when none.
    public var unknownSettings: [String]?
    /// This result's times in words, for a connection that asked for them (`SaysTimes`).
    public var said: Said?

    public init(
      server: String, version: String, pid: Int32, socket: String, database: String, startedAt: Timestamp,
      openTasks: Int
    ) {
      self.protocol = protocolVersion
      self.server = server
      self.version = version
      self.pid = pid
      self.socket = socket
      self.database = database
      self.startedAt = startedAt
      self.openTasks = openTasks
    }
  }
}

/// How desktop reminders stand, for `stride daemon status`: a state from a closed set, and the same in a sentence
/// that says what to do when something is missing.
public struct RemindersStatus: Codable, Sendable, Equatable {
  /// `off`; `connecting` (at start-up); `desktop` (the desktop's notification service shows them); `notify-send`
  /// (the bus could not be used, notify-send shows them); `no-bus` (no session bus was found or reached);
  /// `no-service` (nothing on the bus shows notifications). A client shows `sentence`; new states may come.
  public var state: String
  public var sentence: String

  public init(state: String, sentence: String) {
    self.state = state
    self.sentence = sentence
  }
}

/// The user's context as the wire carries it: `energy` is null while unknown, or once it has lapsed.
public struct ContextResult: Codable, Sendable, Equatable {
  public var energy: EnergyLevel?
  public var updatedAt: Timestamp?
  /// When the energy goes back to unknown (config `context.energyLapseHours`).
  public var lapsesAt: Timestamp?
  /// These times in words, for a connection that asked for them (`SaysTimes`).
  public var said: Said?

  public init(energy: EnergyLevel?, updatedAt: Timestamp?, lapsesAt: Timestamp?) {
    self.energy = energy
    self.updatedAt = updatedAt
    self.lapsesAt = lapsesAt
  }

  enum CodingKeys: String, CodingKey { case energy, updatedAt, lapsesAt, said }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(energy, forKey: .energy)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(lapsesAt, forKey: .lapsesAt)
    try container.encodeIfPresent(said, forKey: .said)
  }
}

/// `context.get`: the user's current energy.
public enum ContextGet: WireMethod {
  public static let method = Method.contextGet
  public typealias Params = NoParams
  public typealias Result = ContextResult
}

/// `context.set`: set the user's current energy (`null` for unknown).
public enum ContextSet: WireMethod {
  public static let method = Method.contextSet

  public struct Params: Codable, Sendable, Equatable {
    public var energy: EnergyLevel?
    public init(energy: EnergyLevel?) { self.energy = energy }

    enum CodingKeys: String, CodingKey { case energy }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.contains(.energy) else {
        throw DecodingError.keyNotFound(
          CodingKeys.energy, .init(codingPath: [], debugDescription: "energy is required; null means unknown"))
      }
      energy = try container.decode(EnergyLevel?.self, forKey: .energy)
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(energy, forKey: .energy)
    }
  }

  public typealias Result = ContextResult
}
