import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1 for loader tests: it answers each request with the
/// response registered for its path (404 otherwise), then closes the connection.
///
/// Bounded by design: it serves at most `maximumRequests` connections, each read and
/// write has a 5 s socket timeout, and `stop()` (or the request limit) ends the thread.
final class LoopbackHTTPServer: @unchecked Sendable {
  /// The port the kernel assigned.
  let port: UInt16
  private let listener: Int32
  private let responses: [String: (status: Int, body: Data)]
  private let maximumRequests: Int
  private let done = DispatchSemaphore(value: 0)

  init?(responses: [String: (status: Int, body: Data)], maximumRequests: Int = 8) {
    self.responses = responses
    self.maximumRequests = maximumRequests
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0, listen(fd, 4) == 0 else {
      close(fd)
      return nil
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in serve() }
  }

  /// Stops accepting and waits for the serving thread to end.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    _ = done.wait(timeout: .now() + 5)
  }

  private func serve() {
    defer { done.signal() }
    for _ in 0..<maximumRequests {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(
        connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      respond(on: connection)
      close(connection)
    }
  }

  private func respond(on connection: Int32) {
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 2048)
    while !request.containsHeaderEnd, request.count < 16_384 {
      let n = read(connection, &buffer, buffer.count)
      if n <= 0 { break }
      request += buffer[0..<n]
    }
    let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
    let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    let (status, body) = responses[path] ?? (404, Data("not found".utf8))
    var reply = Data("HTTP/1.0 \(status) \(status == 200 ? "OK" : "Error")\r\n".utf8)
    reply += Data("Content-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
    reply += body
    reply.withUnsafeBytes { raw in
      var sent = 0
      while sent < raw.count {
        let n = write(connection, raw.baseAddress! + sent, raw.count - sent)
        if n <= 0 { return }
        sent += n
      }
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate var containsHeaderEnd: Bool {
    count >= 4
      && indices.dropLast(3).contains {
        self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
      }
  }
}
