/// The two hash functions HTTP Digest authentication uses (RFC 7616): MD5 (RFC 1321) and SHA-256 (FIPS 180-4).
/// Written here because Stride takes no package dependencies and the toolchain's Foundation has no hashes on Linux.
/// Both pad the message the same way (a 1 bit, zeros, the bit length in 64 bits) and work on 64-byte blocks; they
/// differ in the byte order of that length and of their words, and in the rounds.
enum Hash {
  /// The MD5 digest of `message`, 16 bytes.
  static func md5(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
    for block in blocks(message, bigEndian: false) {
      let words = (0..<16).map { word(block, at: $0 * 4, bigEndian: false) }
      md5Rounds(&state, words)
    }
    return state.flatMap { bytes($0, bigEndian: false) }
  }

  /// The SHA-256 digest of `message`, 32 bytes.
  static func sha256(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    for block in blocks(message, bigEndian: true) {
      sha256Rounds(&state, block)
    }
    return state.flatMap { bytes($0, bigEndian: true) }
  }

  /// Lower-case hexadecimal, as Digest writes a hash.
  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
  }

  /// The message padded and cut into 64-byte blocks.
  private static func blocks(_ message: [UInt8], bigEndian: Bool) -> [ArraySlice<UInt8>] {
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let length = UInt64(message.count) &* 8
    for index in 0..<8 {
      let shift = UInt64(bigEndian ? 56 - index * 8 : index * 8)
      padded.append(UInt8(truncatingIfNeeded: length >> shift))
    }
    return stride(from: 0, to: padded.count, by: 64).map { padded[$0..<$0 + 64] }
  }

  private static func word(_ block: ArraySlice<UInt8>, at offset: Int, bigEndian: Bool) -> UInt32 {
    let start = block.startIndex + offset
    return (0..<4).reduce(UInt32(0)) { sum, index in
      let shift = UInt32(bigEndian ? 24 - index * 8 : index * 8)
      return sum | UInt32(block[start + index]) << shift
    }
  }

  private static func bytes(_ word: UInt32, bigEndian: Bool) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(bigEndian ? 24 - $0 * 8 : $0 * 8)) }
  }

  private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value << count | value >> (32 - count)
  }

  private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }

  // MARK: MD5

  /// RFC 1321's per-round shifts.
  private static let md5Shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
    21,
  ]

  /// RFC 1321's table: the integer part of 2^32 × |sin(i + 1)|.
  private static let md5Table: [UInt32] = (0..<64).map {
    UInt32(truncatingIfNeeded: Int64(abs(sine($0 + 1)) * 4_294_967_296))
  }

  /// sin(x) for a whole number of radians, by reducing it into [-π, π] and summing the Taylor series, so the table is
  /// computed without the platform's math library.
  private static func sine(_ value: Int) -> Double {
    var x = Double(value)
    let turn = 2 * Double.pi
    x -= (x / turn).rounded() * turn
    var term = x
    var sum = x
    for index in stride(from: 3, through: 41, by: 2) {
      term *= -x * x / Double(index * (index - 1))
      sum += term
    }
    return sum
  }

  private static func md5Rounds(_ state: inout [UInt32], _ words: [UInt32]) {
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    for index in 0..<64 {
      var mixed: UInt32
      var taken: Int
      switch index {
      case 0..<16: (mixed, taken) = ((b & c) | (~b & d), index)
      case 16..<32: (mixed, taken) = ((d & b) | (~d & c), (5 * index + 1) % 16)
      case 32..<48: (mixed, taken) = (b ^ c ^ d, (3 * index + 5) % 16)
      default: (mixed, taken) = (c ^ (b | ~d), (7 * index) % 16)
      }
      mixed = mixed &+ a &+ md5Table[index] &+ words[taken]
      (a, d, c) = (d, c, b)
      b = b &+ rotateLeft(mixed, md5Shifts[index])
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
  }

  // MARK: SHA-256

  /// FIPS 180-4's constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let sha256Constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private static func sha256Rounds(_ state: inout [UInt32], _ block: ArraySlice<UInt8>) {
    var schedule = (0..<16).map { word(block, at: $0 * 4, bigEndian: true) }
    for index in 16..<64 {
      let early = schedule[index - 15]
      let late = schedule[index - 2]
      let small0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >> 3)
      let small1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >> 10)
      schedule.append(schedule[index - 16] &+ small0 &+ schedule[index - 7] &+ small1)
    }
    var work = state
    for index in 0..<64 {
      let (a, e) = (work[0], work[4])
      let big1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      let choice = (e & work[5]) ^ (~e & work[6])
      let first = work[7] &+ big1 &+ choice &+ sha256Constants[index] &+ schedule[index]
      let big0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      let majority = (a & work[1]) ^ (a & work[2]) ^ (work[1] & work[2])
      work = [first &+ big0 &+ majority, a, work[1], work[2], work[3] &+ first, e, work[5], work[6]]
    }
    for index in 0..<8 { state[index] &+= work[index] }
  }
}
