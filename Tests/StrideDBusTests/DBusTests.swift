import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideDBus

/// Stride's own D-Bus client: its wire format by hand and by round trip, its addresses, and a real dbus-daemon.
@Suite("D-Bus: the wire, addresses and a real bus")
struct DBusTests {
  @Test("values are written little-endian with D-Bus's alignment: a byte and a u, and hints a{sv}")
  func wireBytes() {
    var writer = DBusWriter()
    writer.write([.byte(1), .uint32(2)])
    #expect(writer.bytes == [1, 0, 0, 0, 2, 0, 0, 0])

    // The array's length (16) leaves out the padding before its first entry, which starts at 8.
    var hints = DBusWriter()
    hints.write(.stringVariants([("urgency", .byte(1))]))
    #expect(
      hints.bytes == [16, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0] + Array("urgency".utf8) + [0, 1] + Array("y".utf8) + [0, 1])
    #expect(DBusValue.stringVariants([]).signature == "a{sv}")
  }

  @Test("a Notify call, as Stride sends it, reads back whole: header fields, signature and every value")
  func roundTrip() throws {
    let body: [DBusValue] = [
      .string("Stride"), .uint32(0), .string(""), .string("pay rent"), .string("It is due now."),
      .strings(["done", "Done", "later", "Later"]), .stringVariants([("urgency", .byte(1)), ("x", .int64(-5))]),
      .int32(-1),
    ]
    var message = DBusMessage.call(
      "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
      body)
    #expect(message.signature == "susssasa{sv}i")
    let bytes = message.encoded(serial: 7)
    let (read, length) = try #require(try DBusMessage.decode(bytes + [0x6c]))
    #expect(length == bytes.count, "a byte of the next message is left for it")
    message.serial = 7
    #expect(read == message)
    // Part of a message is not yet a message.
    #expect(try DBusMessage.decode(Array(bytes.dropLast())) == nil)
  }

  @Test("bytes that are no message are refused with an error, never a crash")
  func malformed() throws {
    let good = DBusMessage.call("a.b", "/a", "a.b", "M", [.string("x")]).encoded(serial: 1)
    var badOrder = good
    badOrder[0] = UInt8(ascii: "X")
    #expect(throws: DBusError.self) { try DBusMessage.decode(badOrder) }
    var huge = good
    huge[4...7] = [0xff, 0xff, 0xff, 0x7f]
    #expect(throws: DBusError.self) { try DBusMessage.decode(huge) }
    // A string that is not UTF-8: the body's "x" turned into a lone continuation byte.
    var notUTF8 = good
    notUTF8[notUTF8.count - 2] = 0x80
    #expect(throws: DBusError.self) { try DBusMessage.decode(notUTF8) }
    #expect(throws: DBusError.self) { try DBusSignature.split("a{vs}") }
    #expect(throws: DBusError.self) { try DBusSignature.split("(") }
    #expect(throws: DBusError.self) { try DBusSignature.split(String(repeating: "a", count: 40) + "s") }
    #expect(try DBusSignature.split("susssasa{sv}i") == ["s", "u", "s", "s", "s", "as", "a{sv}", "i"])
    // Every byte of a Notify call changed to a few values, and every cut: an error or a message, never a crash.
    let notify = DBusMessage.call(
      "a.b", "/a", "a.b", "Notify",
      [.string("S"), .uint32(0), .strings(["done", "Done"]), .stringVariants([("urgency", .byte(1))]), .int32(-1)]
    ).encoded(serial: 3)
    for index in notify.indices {
      for value: UInt8 in [0, 1, 0x7f, 0x80, 0xff] {
        var changed = notify
        changed[index] = value
        _ = try? DBusMessage.decode(changed)
      }
      _ = try? DBusMessage.decode(Array(notify[..<index]))
    }
  }

  @Test("addresses: unix:path and unix:abstract with guid= and %-escapes; other transports are named")
  func addresses() throws {
    #expect(try DBusAddress.parse("unix:path=/run/user/0/bus") == [DBusAddress(socket: .path("/run/user/0/bus"))])
    #expect(
      try DBusAddress.parse("tcp:host=localhost,port=1;unix:abstract=/tmp/dbus-x%2cy,guid=abc")
        == [DBusAddress(socket: .abstract(Array("/tmp/dbus-x,y".utf8)), guid: "abc")])
    let error = try #require(throws: DBusError.self) { try DBusAddress.parse("tcp:host=localhost,port=1") }
    #expect(error.kind == .unsupportedAddress)
    #expect(error.message == "the session bus address names tcp; strided speaks only unix:path= and unix:abstract=")
    let none = try #require(throws: DBusError.self) { try DBusAddress.session(environment: [:]) }
    #expect(none.kind == .noBus)
    // Without the variable, $XDG_RUNTIME_DIR/bus is the bus when it is a socket there.
    let bus = try SessionBus()
    defer { bus.stop() }
    #expect(
      try DBusAddress.session(environment: ["XDG_RUNTIME_DIR": bus.folder]) == [
        DBusAddress(socket: .path(bus.folder + "/bus"))
      ])
  }

  @Test("a real dbus-daemon: the handshake, Hello, a call and its reply, a D-Bus error, on a path and abstract")
  func realBus() throws {
    for abstract in [false, true] {
      let bus = try SessionBus(abstract: abstract)
      defer { bus.stop() }
      let connection = try DBusConnection.open(try DBusAddress.parse(bus.address))
      defer { connection.close() }
      #expect(connection.uniqueName.hasPrefix(":1."))
      let names = try connection.call(
        .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames"))
      #expect(names.body.first?.texts?.contains(connection.uniqueName) == true)
      let error = try #require(throws: DBusError.self) {
        try connection.call(
          .call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
            [.string("org.freedesktop.Notifications")]))
      }
      #expect(error.kind == .remote("org.freedesktop.DBus.Error.NameHasNoOwner"))
      #expect(error.message.contains("org.freedesktop.Notifications"))
    }
  }
}
