"""Liveness, the API contract and its human page: GET /healthz, /openapi.yaml, /docs."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, Response

from ..assets import asset_path

bp = Blueprint("docs", __name__)

SPEC_PATH = asset_path("openapi.yaml")


@lru_cache(maxsize=1)
def spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@bp.get("/healthz")
def healthz():
    return Response('{"status":"ok"}\n', mimetype="application/json")


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(spec_text(), mimetype="application/yaml")
