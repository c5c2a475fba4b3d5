import ViewLintCLI
import ViewLintEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

Allocator.useFixedMapThreshold()
exit(ViewLintCommand.run(Array(CommandLine.arguments.dropFirst())))
