"""Model stage, for any game: a component's count, a number or a formula of the game's
figures (`players * 20`, `houses`, `max(4, cast // 9)`), parsed and evaluated, never run.
No file I/O here.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable

_OPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_FUNCS: dict[str, Callable[..., int]] = {"max": max, "min": min}


class FormulaError(ValueError):
    """A count formula that is not arithmetic of known figures."""


def evaluate(formula: int | str, figures: dict[str, int]) -> int:
    """A count: a number, or integer arithmetic of named figures (`+ - * // %`, `/` rounding
    up, `max`, `min`). Parsed, never executed: anything else is a FormulaError."""
    if isinstance(formula, int):
        return formula
    if len(formula) > 200:
        raise FormulaError("formula longer than 200 characters")
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError:
        raise FormulaError(f"`{formula}` is not a formula") from None
    return _eval(tree.body, figures)


def _eval(node: ast.AST, figures: dict[str, int]) -> int:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in figures:
            known = ", ".join(sorted(figures)) or "none"
            raise FormulaError(f"unknown figure `{node.id}` (known: {known})")
        return figures[node.id]
    if isinstance(node, ast.BinOp):
        a, b = _eval(node.left, figures), _eval(node.right, figures)
        if isinstance(node.op, ast.Div):
            if b == 0:
                raise FormulaError("division by zero")
            return math.ceil(a / b)
        op = _OPS.get(type(node.op))
        if op is None:
            raise FormulaError("only + - * / // % are allowed")
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0:
            raise FormulaError("division by zero")
        value = op(a, b)
        if abs(value) > 10**6:
            raise FormulaError("a count over a million")
        return value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, figures)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCS
        and node.args
        and not node.keywords
    ):
        return _FUNCS[node.func.id](*(_eval(a, figures) for a in node.args))
    raise FormulaError("only numbers, figures, + - * / // %, max() and min() are allowed")
