"""Loading component data files: schema validation with errors that name the exact field.

Every game keeps its board maps, tiles, cards and tables in JSON files inside its package,
each section tagged with where its values come from (``printed`` for values from the
published game, ``substitute`` for our own design where no public source gives them). An
owner of the printed game can hand ``load_game(name, data=PATH)`` a corrected copy.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from importlib import resources
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


def fail(source: str, field: str, reason: str) -> DataFileError:
    """The error for a fact the schema alone cannot check: ``<file>: field <path>: <reason>``."""
    return DataFileError(f"{source}: field {field}: {reason}")


def shipped_data_path(package: str, name: str) -> Path:
    """The data file ``name`` that ships in the ``data`` folder of the package ``package``."""
    return Path(str(resources.files(package) / "data" / name))


def load_data_file(
    path: Path, model: type[ModelT], check: Callable[[ModelT, str], None] | None = None
) -> tuple[ModelT, str]:
    """Read and validate a data file, then ``check(model, source)`` what the schema cannot
    (it raises :func:`fail`); returns the model and the file's data version."""
    data, version = read_json(path)
    source = str(path)
    loaded = validate(model, data, source)
    if check is not None:
        check(loaded, source)
    return loaded, version
