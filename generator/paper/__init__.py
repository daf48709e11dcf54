"""Everything about paper: the one table of paper and card sizes, imposition of cards and pieces
(crop marks, calibration ruler, long-edge flip, back offset), tiling of large boards and the
rulebook booklet. Importing the package is cheap: it holds no drawing library.
"""
