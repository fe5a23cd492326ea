/// One D-Bus message: a method call, its return or error, or a signal, with the header fields Stride uses and the
/// body's values (the D-Bus Specification, "Message Format").
public struct DBusMessage: Equatable, Sendable {
  public enum Kind: UInt8, Sendable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
  }

  /// The header's fields, by the codes the specification gives them.
  enum Field: UInt8 {
    case path = 1
    case interface = 2
    case member = 3
    case errorName = 4
    case replySerial = 5
    case destination = 6
    case sender = 7
    case signature = 8
    case unixFDs = 9
  }

  /// Flag: the sender wants no reply.
  public static let noReplyExpected: UInt8 = 0x1

  public var kind: Kind
  public var flags: UInt8 = 0
  /// Given by the connection when the message is sent; a reply names its call's serial in `replySerial`.
  public var serial: UInt32 = 0
  public var path: String?
  public var interface: String?
  public var member: String?
  public var errorName: String?
  public var replySerial: UInt32?
  public var destination: String?
  public var sender: String?
  public var body: [DBusValue] = []

  public init(kind: Kind, body: [DBusValue] = []) {
    self.kind = kind
    self.body = body
  }

  /// A call of `member` of `interface` on the object at `path` of `destination`.
  public static func call(
    _ destination: String, _ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []
  ) -> DBusMessage {
    var message = DBusMessage(kind: .methodCall, body: body)
    message.destination = destination
    message.path = path
    message.interface = interface
    message.member = member
    return message
  }

  /// The body's signature: the signatures of its values in order.
  public var signature: String { body.map(\.signature).joined() }

  /// The most a message may be, header and body (the specification's limit).
  static let sizeLimit = 1 << 27

  /// The message as bytes, little-endian, numbered `serial`.
  func encoded(serial: UInt32) -> [UInt8] {
    var body = DBusWriter()
    body.write(self.body)
    var fields: [(Field, DBusValue)] = [
      (.path, path.map(DBusValue.objectPath)), (.interface, interface.map(DBusValue.string)),
      (.member, member.map(DBusValue.string)), (.errorName, errorName.map(DBusValue.string)),
      (.replySerial, replySerial.map(DBusValue.uint32)), (.destination, destination.map(DBusValue.string)),
      (.sender, sender.map(DBusValue.string)),
    ].compactMap { field, value in value.map { (field, $0) } }
    if !self.body.isEmpty { fields.append((.signature, .signature(signature))) }
    var header = DBusWriter()
    header.write(.byte(UInt8(ascii: "l")))
    header.write(.byte(kind.rawValue))
    header.write(.byte(flags))
    header.write(.byte(1))
    header.write(.uint32(UInt32(body.bytes.count)))
    header.write(.uint32(serial))
    header.write(.array(element: "(yv)", fields.map { .structure([.byte($0.0.rawValue), .variant($0.1)]) }))
    header.pad(to: 8)
    return header.bytes + body.bytes
  }

  /// Reads the message at the start of `buffer`: nil while the buffer does not hold all of it yet, else the message
  /// and how many bytes it took. Throws for bytes that are no message (the connection cannot go on after them).
  static func decode(_ buffer: [UInt8]) throws(DBusError) -> (message: DBusMessage, length: Int)? {
    guard buffer.count >= 16 else { return nil }
    let bigEndian: Bool
    switch buffer[0] {
    case UInt8(ascii: "l"): bigEndian = false
    case UInt8(ascii: "B"): bigEndian = true
    default: throw DBusError(.malformed, "a message starts with an unknown byte order")
    }
    guard let kind = Kind(rawValue: buffer[1]) else { throw DBusError(.malformed, "a message is of an unknown type") }
    guard buffer[3] == 1 else { throw DBusError(.malformed, "a message is of an unknown protocol version") }
    var prefix = DBusReader(buffer, at: 4, bigEndian: bigEndian)
    let bodyLength = Int(try prefix.integer() as UInt32)
    let serial: UInt32 = try prefix.integer()
    let fieldsLength = Int(try prefix.integer() as UInt32)
    let headerLength = (16 + fieldsLength + 7) / 8 * 8
    guard fieldsLength <= DBusReader.arrayLimit, headerLength + bodyLength <= sizeLimit else {
      throw DBusError(.malformed, "a message is larger than D-Bus allows")
    }
    guard buffer.count >= headerLength + bodyLength else { return nil }
    let bytes = Array(buffer[..<(headerLength + bodyLength)])
    var reader = DBusReader(bytes, at: 12, bigEndian: bigEndian)
    guard case .array(_, let entries) = try reader.read(signature: "a(yv)")[0] else {
      throw DBusError(.malformed, "a message's header fields are not an array")
    }
    var message = DBusMessage(kind: kind)
    message.flags = buffer[2]
    message.serial = serial
    let signature = try message.take(entries)
    try reader.skipPadding(to: 8)
    message.body = try reader.read(signature: signature)
    guard reader.offset == bytes.count else {
      throw DBusError(.malformed, "a message's body is longer than its values")
    }
    return (message, bytes.count)
  }

  /// Sets the fields from the header's entries and returns the body's signature.
  private mutating func take(_ entries: [DBusValue]) throws(DBusError) -> String {
    var signature = ""
    for entry in entries {
      guard case .structure(let pair) = entry, pair.count == 2, case .byte(let code) = pair[0],
        case .variant(let value) = pair[1]
      else { throw DBusError(.malformed, "a header field is not a code and a variant") }
      // Fields of codes this client does not know are ignored, as the specification asks.
      switch Field(rawValue: code) {
      case .path: path = value.text
      case .interface: interface = value.text
      case .member: member = value.text
      case .errorName: errorName = value.text
      case .replySerial: replySerial = value.uint32
      case .destination: destination = value.text
      case .sender: sender = value.text
      case .signature: signature = value.text ?? ""
      case .unixFDs, nil: break
      }
    }
    return signature
  }

  /// The error's own message, the first string of its body, when it has one.
  public var errorText: String? { body.first?.text }
}
