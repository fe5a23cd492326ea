import StrideBase

extension Wire {
  /// `task.update`: edit fields. An absent field is left alone; `null` clears `estimateMinutes`, `due`, `start` or
  /// `repeat`.
  public enum TaskUpdate: WireMethod {
    public static let method = Method.taskUpdate

    /// The fields to change: nil leaves one alone, `.some(nil)` clears it (`null` on the wire).
    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var title: String?
      public var energy: EnergyLevel?
      public var estimateMinutes: Int??
      public var type: TaskType?
      public var due: Timestamp??
      public var start: Timestamp??
      public var tags: [String]?
      /// `repeat` on the wire: how the task repeats, in words the daemon reads in `timeZone` ("every mon wed fri
      /// 7am"); `.some(nil)` stops it repeating.
      public var repeatWords: String??
      public var timeZone: String?
      public var dateOrder: NumericDateOrder?

      public init(
        id: TaskID, title: String? = nil, energy: EnergyLevel? = nil, estimateMinutes: Int?? = nil,
        type: TaskType? = nil, due: Timestamp?? = nil, start: Timestamp?? = nil, tags: [String]? = nil,
        repeatWords: String?? = nil
      ) {
        self.id = id
        self.title = title
        self.energy = energy
        self.estimateMinutes = estimateMinutes
        self.type = type
        self.due = due
        self.start = start
        self.tags = tags
        self.repeatWords = repeatWords
      }

      /// Whether it changes nothing.
      public var isEmpty: Bool { self == Params(id: id) }

      enum CodingKeys: String, CodingKey {
        case id, title, energy, estimateMinutes, type, due, start, tags, timeZone, dateOrder
        case repeatWords = "repeat"
      }

      public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(TaskID.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        energy = try container.decodeIfPresent(EnergyLevel.self, forKey: .energy)
        estimateMinutes = try Self.clearable(Int.self, container, .estimateMinutes)
        type = try container.decodeIfPresent(TaskType.self, forKey: .type)
        due = try Self.clearable(Timestamp.self, container, .due)
        start = try Self.clearable(Timestamp.self, container, .start)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        repeatWords = try Self.clearable(String.self, container, .repeatWords)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        dateOrder = try container.decodeIfPresent(NumericDateOrder.self, forKey: .dateOrder)
      }

      /// Absent: nil (leave alone); `null`: .some(nil) (clear); a value: .some(value).
      private static func clearable<T: Decodable>(
        _ type: T.Type, _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
      ) throws -> T?? {
        guard container.contains(key) else { return nil }
        if try container.decodeNil(forKey: key) { return .some(nil) }
        return .some(try container.decode(T.self, forKey: key))
      }

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(energy, forKey: .energy)
        if let estimateMinutes { try container.encode(estimateMinutes, forKey: .estimateMinutes) }
        try container.encodeIfPresent(type, forKey: .type)
        if let due { try container.encode(due, forKey: .due) }
        if let start { try container.encode(start, forKey: .start) }
        try container.encodeIfPresent(tags, forKey: .tags)
        if let repeatWords { try container.encode(repeatWords, forKey: .repeatWords) }
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(dateOrder, forKey: .dateOrder)
      }
    }

    public typealias Result = TaskResult
  }
}
