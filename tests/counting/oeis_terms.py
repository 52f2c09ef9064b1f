"""Published OEIS terms that the package's counts are checked against.

Shared by ``tests/counting/test_oeis.py`` (the terms it counts in well under
a second or two each) and ``benchmarks/bench_oeis.py`` (the longer ones).
Every term below was copied from the source named with its sequence, never
computed by this package; a term the package disagrees with stays as
published (the disagreement is the finding).

Conventions of the sequences, and how each maps to :func:`knight.count`:

* *Closed tours* in the OEIS are undirected cycles: ``count(..., closed=True)``.
* *Open tours* are either directed Hamiltonian paths (A165134), the package's
  own convention (``count(...)`` sums over every start, each undirected path
  twice), or undirected ones (A083386, A306281, A306283, A389760, A389755,
  A389759): ``count(...) // 2``, except on a single square, whose one path is
  its own reverse.
* Knuth's partial boards (A383660, A383661, A383663, A389755, A389759) are the first
  ``k`` cells of an ``m``-row board taken column by column, top to bottom:
  ``ceil(k / m)`` columns, the last holding only its top ``k mod m`` cells
  (the OEIS comment: "the rightmost column has only n mod 5 rows"; the
  examples show the missing cells at the bottom).  By the board's
  up-down mirror the count is the same with them at the top.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Published:
    """One OEIS sequence: its A-number, what it counts, where the terms come
    from, and the terms from index ``offset`` on."""

    anum: str
    counts: str
    source: str
    offset: int
    terms: tuple[int, ...]

    def items(self) -> Iterator[tuple[int, int]]:
        """(n, a(n)) for every published term here."""
        return enumerate(self.terms, self.offset)

    def __getitem__(self, n: int) -> int:
        return self.terms[n - self.offset]


A001230 = Published(
    "A001230", "undirected closed tours of the 2n x 2n board",
    "OEIS A001230 (data as shown on the A165134 'refs' page of oeis-frontend, and "
    "/work/shared/knights-tour-facts.md: McKay 1997 for 8x8)",
    1, (0, 0, 9862, 13267364410532))

A165134 = Published(
    "A165134", "directed open tours (Hamiltonian paths) of the n x n board, over every start",
    "OEIS A165134 (oeis.org/A165134 and its internal format)",
    1, (1, 0, 0, 0, 1728, 6637920, 165575218320, 19591828170979904))

A175855 = Published(
    "A175855", "undirected closed tours of the 5 x 2n board",
    "OEIS A175855 data, as mirrored in a public C# dump of OEIS sequences on GitHub "
    "(class A175855); a(4), a(5) also in knights-tour-facts.md",
    1, (0, 0, 8, 44202, 13311268, 4557702762, 1495135512514, 491857035772330,
        161514101568508400, 53034853662012222798, 17414154188157170439208,
        5717847862749642677204182, 1877435447920358266870897874,
        616447390029326136628439042672, 202407848349722353779265745190616,
        66459727085467788423206394162537418, 21821760546806761707309514948565417796,
        7165079447164571822068029945303172129766,
        2352622444655438705806553391345493395131580,
        772473271844923268504474277422663237674924998))

A175881 = Published(
    "A175881", "undirected closed tours of the 6 x n board",
    "OEIS A175881 (oeis.org/A175881, data to n = 40)",
    1, (0, 0, 0, 0, 8, 9862, 1067638, 55488142, 3374967940, 239187240144,
        15360134570696, 964730606632516, 61989683445413228, 4005716717182224826,
        255967892553030600920, 16378998506224697063588, 1050504687249683771795632,
        67351449674771471216148786, 4314151246752166099728445868,
        276453522147273309254029785276, 17717606001764726850971209939188,
        1135386328785418512845166305951994, 72754625853111517738642395445641832,
        4662311340698795306229004946849255108, 298772700964630993744576968415214630040,
        19145888052227167790585189427230454709502,
        1226902568798073025855948189578313739199398,
        78622502118507651703659030426757524782646558,
        5038287048556094010756276060713112469110084532,
        322863244258188584511076820531771298243292346804,
        20689713115693125810120458424283134088711708746418,
        1325838052128808846982470604742513077251389064878480,
        84962322582242436449028078490147227914653412498469176,
        5444553480688572729507994773339404670293124094670063400,
        348897761885575809340513599895637906535045836867112425442,
        22358059291249098112956347313304579317330515128430578229580,
        1432748662105938633370488721737295472216003424322051173765262,
        91813368745075979865082473968848043302481279531417429418851766,
        5883582334056740305836749071273843581025553554521365508472081512,
        377031597006006571424070743308269493020186682009428464253448495336))

A193054 = Published(
    "A193054", "undirected closed tours of the 7 x 2n board",
    "OEIS A193054 data, as mirrored in the same C# dump (class A193054); "
    "Yang and Du's emath.ac.cn figures (a public GitHub blog post) agree",
    1, (0, 0, 1067638, 34524432316, 1250063279938854, 38350427205194670084,
        1254934986399237346242334, 40157773188600794694366079616,
        1293153423896688571314211086231916, 41575689378315795601749194654016984354,
        1337089200028352592236847382536061361269314))

A193055 = Published(
    "A193055", "undirected closed tours of the 8 x n board",
    "OEIS A193055 data, as mirrored in the same C# dump (class A193055)",
    1, (0, 0, 0, 0, 44202, 55488142, 34524432316, 13267364410532, 7112881119092574,
        4235482818156697040, 2122880233853945590892, 1105420672289849239070962,
        586820057145837880942582376, 311550865881297158579957164664,
        162703111270636640083076205067310))

A083386 = Published(
    "A083386", "undirected open tours (Hamiltonian paths) of the 5 x n board",
    "OEIS A083386 data, as mirrored in the same C# dump (class A083386); "
    "a(1)..a(9) also as A389755(5n)",
    1, (0, 0, 0, 82, 864, 18784, 622868, 18061054, 264895640, 7886117822, 128411926952,
        3611823644006, 56348098488396, 1548284436152798, 24535910156176100,
        650456890341276338, 10364916108987670024, 267426031403733462626))

# Rows 6, 7 and 8 of the array A390833 (undirected Hamiltonian paths of the
# k x n knight graph, "the values are taken from the original sequences"),
# as printed on oeis.org/A390833 and in P. Luschny's table
# (github.com/PeterLuschny/Hamiltonian_Paths_On_Knight_Graphs, README).
# The entries of A306281, A306283 and A389760 themselves were not found.
A306281 = Published(
    "A306281", "undirected open tours of the 6 x n board",
    "A390833 row 6 (oeis.org/A390833; Luschny's README table)",
    1, (0, 0, 0, 744, 18784, 3318960))

A306283 = Published(
    "A306283", "undirected open tours of the 7 x n board",
    "A390833 row 7 (oeis.org/A390833; Luschny's README table)",
    1, (0, 0, 52, 6378, 622868))

A389760 = Published(
    "A389760", "undirected open tours of the 8 x n board",
    "A390833 row 8 (oeis.org/A390833; Luschny's README table)",
    1, (0, 0, 396, 31088, 18061054))

A383660 = Published(
    "A383660", "undirected closed tours of the first 2n cells of a 3 x ceil(2n/3) board",
    "OEIS A383660 (Knuth, 2025; oeis-frontend A383662 'refs' page)",
    11, (4, 0, 4, 24, 16, 56, 306, 176, 456, 2632, 1536, 4828, 26788, 15424, 44952, 254288,
         147728, 448032, 2502568, 1448416, 4310048, 24228704, 14060048, 42195584, 236335248,
         136947616, 409403328, 2297294496, 1332257856, 3989883552, 22366625344,
         12965578752, 38798663104, 217604833360, 126169362176))

A383661 = Published(
    "A383661", "undirected closed tours of the first 2n cells of a 5 x ceil(2n/5) board",
    "OEIS A383661 (Knuth, 2025; oeis-frontend A383662 'refs' page)",
    9, (1, 0, 1, 30, 0, 148, 8, 78, 9309, 612, 62749, 44202, 42049, 2916485, 147192,
        18284136, 13311268, 13008389, 973107552, 51147756, 6190192748, 4557702762,
        4311375354, 316985255470, 16552301184, 2015267424300, 1495135512514,
        1417634375316, 104324890543686, 5459334927260, 663068761241948))

# The page that shows A383663 cuts its data after ten terms and the first
# digits of the eleventh ("..., 1295034, 106763"); its offset is not shown.
# a(21) is the whole 7 x 6 board, A175881(7) = 1067638, which puts the
# eleventh term at n = 21 and the first at n = 11.
A383663 = Published(
    "A383663", "undirected closed tours of the first 2n cells of a 7 x ceil(2n/7) board",
    "OEIS A383663 (Knuth, 2025; oeis-frontend A383662 'refs' page); offset 11 inferred, "
    "see the comment above",
    11, (2, 11, 58, 0, 21, 1020, 9309, 1481, 34162, 1295034))

A389755 = Published(
    "A389755", "undirected open tours of the first n cells of a 5 x ceil(n/5) board",
    "OEIS A389755 (Knuth, Oct 2025; oeis.org/A389755)",
    1, (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 95, 144, 82, 16, 125, 1188, 4292,
        864, 416, 1030, 28229, 40770, 18784, 3858, 38255, 490809, 2422436, 622868, 274910,
        781472, 19903840, 34518608, 18061054, 3321476, 21614495, 275004291, 1129158488,
        264895640, 105735266, 308434443, 8657614329, 16039377654))

A389759 = Published(
    "A389759", "undirected open tours of the first n cells of a 3 x ceil(n/3) board",
    "OEIS A389759 (Knuth, Oct 2025; oeis.org/A389759)",
    1, (1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 8, 8, 4, 0, 8, 0, 0, 20, 44, 52, 465, 276, 396, 988,
        824, 560, 3888, 1384, 3048, 10348, 12796, 10672, 69831, 36962, 57248, 171104,
        155756, 128864, 815520, 405024, 646272, 2219336, 2132304, 1838784, 11184337,
        6011834, 8636880, 30354388, 26341332, 23400992, 138689004, 75211944))
