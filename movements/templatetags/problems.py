"""``{% load problems %}``: a movement validator's problem on a page, in the
page's language (``{{ problem|told }}``, ``{{ problem|level_told }}``)."""

from __future__ import annotations

from django import template

from movements.engine import Problem
from movements.problems import level_told, problem_told

register = template.Library()


@register.filter
def told(problem: Problem) -> str:
    return problem_told(problem)


@register.filter(name="level_told")
def level_name(problem: Problem) -> str:
    return level_told(problem)
