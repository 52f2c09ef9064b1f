"""Magic tours printed in the literature, one copy for the tests that read them."""

#: William Beverley's tour (Philosophical Magazine, 1848), the first semi-magic
#: knight's tour, numbered from 1 as printed (MathWorld "Magic Tour"; Jelliss,
#: Knight's Tour Notes, "History of magic knight's tours").  Open; its ranks
#: and files add to 260, its diagonals to 282 and 210.
BEVERLEY = [
    [1, 30, 47, 52, 5, 28, 43, 54],
    [48, 51, 2, 29, 44, 53, 6, 27],
    [31, 46, 49, 4, 25, 8, 55, 42],
    [50, 3, 32, 45, 56, 41, 26, 7],
    [33, 62, 15, 20, 9, 24, 39, 58],
    [16, 19, 34, 61, 40, 57, 10, 23],
    [63, 14, 17, 36, 21, 12, 59, 38],
    [18, 35, 64, 13, 60, 37, 22, 11],
]
