"""Loading component data files: schema validation with errors that name the exact field.

Every game keeps its board maps, tiles, cards and tables in JSON files inside its package,
each section tagged with where its values come from (``printed`` for values from the
published game, ``substitute`` for our own design where no public source gives them). An
owner of the printed game can hand ``load_game(name, data=PATH)`` a corrected copy.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataFileError

Provenance = Literal["printed", "substitute"]

ModelT = TypeVar("ModelT", bound=BaseModel)


class StrictModel(BaseModel):
    """Base for data-file schemas: unknown fields are errors, values are never coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def describe_validation_error(source: str, err: ValidationError) -> str:
    """One line per problem: ``<file>: field <path>: <reason>``."""
    problems = err.errors()
    lines = [f"{source}: field {_field_path(p['loc'])}: {p['msg']}" for p in problems[:5]]
    if len(problems) > 5:
        lines.append(f"{source}: ... and {len(problems) - 5} more problems")
    return "\n".join(lines)


def read_json(path: Path) -> tuple[object, str]:
    """Parse a JSON file; returns the data and a short content hash (the data version)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read data file: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataFileError(f"{path}: not valid JSON: {exc}") from None
    return data, hashlib.sha256(raw).hexdigest()[:16]


def validate(model: type[ModelT], data: object, source: str) -> ModelT:
    """Validate ``data`` against ``model`` or raise :class:`DataFileError` naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataFileError(describe_validation_error(source, err)) from None


def load_component_file(path: Path, model: type[ModelT]) -> tuple[ModelT, str]:
    """Read and validate a data file; returns the model and the file's data version."""
    data, version = read_json(path)
    return validate(model, data, str(path)), version
