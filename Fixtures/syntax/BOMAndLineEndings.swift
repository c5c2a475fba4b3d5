struct WithBOM {}
struct CRLF {}
struct LoneCR {}let x = 1
