"""Placeholder."""


def game_stats(g):
    return {}


def summarize(board, spec, stats, report):
    pass


def seat_line(seat):
    return ""


def report_lines(rep):
    return []
