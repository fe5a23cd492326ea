import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// The table of config.json's keys (`StrideConfig.keys`, which stride-config(5) prints) against the loader itself.
@Suite("The keys of config.json")
struct ConfigKeyTests {
  @Test("every key the loader reads is in the table, and the table has no key the loader does not read")
  func everyKeyListed() throws {
    let reader = KeyRecorder()
    _ = try StrideConfig.File(from: reader)
    let read = reader.leaves()
    let listed = StrideConfig.keys.map(\.path)
    #expect(Set(listed).count == listed.count, "a key is listed twice")
    #expect(read.subtracting(listed).isEmpty, "read but not on the page: \(read.subtracting(listed).sorted())")
    #expect(Set(listed).subtracting(read).isEmpty, "on the page but never read: \(Set(listed).subtracting(read))")
    // The recorder really walks into the groups: these are keys only a nested decode reaches.
    #expect(read.isSuperset(of: ["engine.weights.deferPenalty", "capture.breakdownCommand", "time.dayStart"]))
  }

  @Test("every key says what it does, and a number's bounds are the loader's: at a bound it loads, past it not")
  func bounds() throws {
    for key in StrideConfig.keys {
      #expect(!key.meaning.isEmpty && !key.defaultValue.isEmpty, "\(key.path)")
      guard let bounds = key.bounds else {
        #expect(![.number, .wholeNumber].contains(key.kind), "\(key.path) is a number without bounds")
        continue
      }
      let step = key.kind == .wholeNumber ? 1 : 0.01
      for inside in [bounds.lowerBound, bounds.upperBound] {
        #expect(throws: Never.self, "\(key.path) = \(inside)") { try load(key.path, inside) }
      }
      for outside in [bounds.lowerBound - step, bounds.upperBound + step] {
        #expect(throws: StrideError.self, "\(key.path) = \(outside)") { try load(key.path, outside) }
      }
    }
  }

  @Test("a key's default is what the loader gives when the file leaves it out")
  func defaults() throws {
    let defaults = StrideConfig()
    let byPath = Dictionary(uniqueKeysWithValues: StrideConfig.keys.map { ($0.path, $0.defaultValue) })
    #expect(byPath["engine.planningFallacy"] == ConfigKey.words(defaults.engine.planningFallacy))
    #expect(byPath["engine.weights.deferPenalty"] == "4")
    #expect(byPath["time.dayStart"] == "09:00")
    #expect(byPath["context.energyLapseHours"] == "6")
    #expect(try StrideConfig.load(path: file("{}")) == defaults)
  }

  /// Loads a config.json that sets one key, written by its dotted path.
  private func load(_ path: String, _ value: Double) throws {
    var json = ConfigKey.words(value)
    for group in path.split(separator: ".").reversed() { json = "{\"\(group)\": \(json)}" }
    _ = try StrideConfig.load(path: file(json))
  }

  private func file(_ text: String) -> String {
    let path = Fixtures.temporaryDirectory() + "/config.json"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }
}

/// A decoder that holds no data and writes down every key it is asked for: each group it is asked to open is
/// opened (with a recorder of its own), each value it is asked for is reported missing. Decoding the settings' types
/// with it lists every key the loader would read, as the types themselves say.
final class KeyRecorder: Decoder {
  let path: [String]
  private let keys: Locked<Set<String>>
  private let groups: Locked<Set<String>>

  init(path: [String] = [], keys: Locked<Set<String>> = Locked([]), groups: Locked<Set<String>> = Locked([])) {
    self.path = path
    self.keys = keys
    self.groups = groups
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The keys asked for that are not groups of other keys, as dotted paths.
  func leaves() -> Set<String> {
    let groups = self.groups.withLock { $0 }
    return keys.withLock { $0 }.filter { !groups.contains($0) }
  }

  func record(_ key: any CodingKey) -> KeyRecorder {
    let child = KeyRecorder(path: path + [key.stringValue], keys: keys, groups: groups)
    keys.withLock { _ = $0.insert(child.path.joined(separator: ".")) }
    return child
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if !path.isEmpty { groups.withLock { _ = $0.insert(path.joined(separator: ".")) } }
    return KeyedDecodingContainer(Keyed<Key>(recorder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a value"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "a value"))
  }

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: KeyRecorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    /// Asked by the standard `decodeIfPresent` of a plain value (a number, a string) before it decodes one: the
    /// key is written down, and the value is absent.
    func decodeNil(forKey key: Key) throws -> Bool {
      _ = recorder.record(key)
      return true
    }

    /// A group decodes into its defaults with the recorder; a value cannot, and is missing.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let child = recorder.record(key)
      do {
        return try T(from: child)
      } catch {
        throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "recording"))
      }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      try? decode(type, forKey: key)
    }

    func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<Nested>
    {
      try recorder.record(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try recorder.record(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { recorder }
    func superDecoder(forKey key: Key) throws -> any Decoder { recorder.record(key) }
  }
}
