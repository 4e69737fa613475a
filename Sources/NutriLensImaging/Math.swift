// Trigonometry comes from the platform C library; this module links nothing else.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func tangent(_ x: Double) -> Double { tan(x) }
