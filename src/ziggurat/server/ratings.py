"""Ratings: OpenSkill (Plackett-Luce, as the arena rates) per game and player count, updated
when a rated table ends; the leaderboards and the players' pages read them.

A table's ratings are applied once, in one transaction that first marks the table
(``rated_done``): two server processes, or a retry after a crash between the game's end and
its ratings (:func:`pending`), never rate a table twice. Bots are rated as accounts of their
own, named after their agent, so that ``easy``, ``medium`` and ``hard`` carry a rating a
person can measure themselves against.

Places: the winners (the game's tie-breaks decided them) share the first; the others follow
by score, equal scores sharing a place. A seat a bot took over for its player (resigned,
timed out, abandoned) ranks below every seat played to the end, whatever the bot scored:
leaving a game loses it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .accounts import bot_account, name_key
from .db import AccountRow, RatingChangeRow, RatingRow, SeatRow, TableRow, utcnow
from .live import iso, summary_from_rows

MODEL = PlackettLuce()
LEADERBOARD_SIZE = 100
GAMES_LISTED = 200
HISTORY_LISTED = 500


def shown(mu: float, sigma: float) -> float:
    """The rating leaderboards sort by: mu - 3 sigma (OpenSkill's ordinal), a cautious
    estimate that rises as the rating grows surer."""
    return round(mu - 3 * sigma, 2)


def places(scores: list[int], winners: list[int], left: list[bool]) -> list[int]:
    """Each seat's place from 1 (ties share one): who left ranks last, then the winners,
    then by score."""
    keys = [(left[s], s not in winners, -scores[s]) for s in range(len(scores))]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rate(session: Session, table_id: str) -> bool:
    """Apply a finished rated table's ratings in the caller's transaction; False (having
    done nothing) if it is not rated, not over, or rated already."""
    marked = session.execute(
        update(TableRow)
        .where(
            TableRow.id == table_id,
            TableRow.rated,
            ~TableRow.rated_done,
            TableRow.status == "finished",
        )
        .values(rated_done=True)
    ).rowcount
    if marked != 1:
        return False
    table = session.get(TableRow, table_id)
    assert table is not None
    seats = sorted(
        session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)), key=lambda s: s.seat
    )
    accounts: list[int] = []
    for seat in seats:
        if seat.account_id is not None:
            accounts.append(seat.account_id)
        elif seat.kind == "bot" and not seat.took_over and seat.agent:
            accounts.append(bot_account(session, seat.agent))
        else:
            return True  # a seat nobody's account holds: nothing to rate (marked, done)
    players = len(seats)
    before = []
    for account in accounts:
        row = session.get(RatingRow, (account, table.game, players))
        before.append(MODEL.rating() if row is None else MODEL.create_rating([row.mu, row.sigma]))
    ranks = places(
        list(table.scores), list(table.winners or []), [bool(s.took_over) for s in seats]
    )
    after = MODEL.rate([[r] for r in before], ranks=ranks)
    now = utcnow()
    for seat, account, (new,) in zip(seats, accounts, after, strict=True):
        row = session.get(RatingRow, (account, table.game, players))
        if row is None:
            session.add(
                RatingRow(
                    account_id=account,
                    game=table.game,
                    players=players,
                    mu=new.mu,
                    sigma=new.sigma,
                    games=1,
                    updated_at=now,
                )
            )
        else:
            row.mu, row.sigma, row.games, row.updated_at = new.mu, new.sigma, row.games + 1, now
        session.add(
            RatingChangeRow(
                table_id=table_id,
                seat=seat.seat,
                account_id=account,
                game=table.game,
                players=players,
                mu=new.mu,
                sigma=new.sigma,
                at=now,
            )
        )
    return True


def rate_table(sessions: sessionmaker, table_id: str) -> bool:
    """:func:`rate` in a transaction of its own, once more if two processes made one bot's
    account at once."""
    for _attempt in range(2):
        try:
            with sessions.begin() as session:
                return rate(session, table_id)
        except IntegrityError:
            continue
    return False


def pending(sessions: sessionmaker) -> list[str]:
    """Rated tables over but not yet rated (the server stopped in between)."""
    with sessions() as session:
        query = select(TableRow.id).where(
            TableRow.rated, ~TableRow.rated_done, TableRow.status == "finished"
        )
        return list(session.scalars(query.limit(1000)))


def leaderboard(sessions: sessionmaker, game: str, players: int) -> list[dict[str, Any]]:
    """The best :data:`LEADERBOARD_SIZE` of one game and player count, bots included."""
    with sessions() as session:
        rows = session.execute(
            select(RatingRow, AccountRow.name, AccountRow.kind)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(RatingRow.game == game, RatingRow.players == players)
            .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name_key)
            .limit(LEADERBOARD_SIZE)
        ).all()
    return [
        {
            "place": place,
            "name": name,
            "kind": kind,
            "rating": shown(row.mu, row.sigma),
            "mu": round(row.mu, 4),
            "sigma": round(row.sigma, 4),
            "games": row.games,
        }
        for place, (row, name, kind) in enumerate(rows, start=1)
    ]


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def player_page(sessions: sessionmaker, name: str) -> dict[str, Any] | None:
    """A player's ratings (each with its history) and games, newest first; None if there
    is no such player."""
    with sessions() as session:
        account = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
        if account is None:
            return None
        ratings = list(
            session.scalars(
                select(RatingRow)
                .where(RatingRow.account_id == account.id)
                .order_by(RatingRow.game, RatingRow.players)
            )
        )
        changes = list(
            session.scalars(
                select(RatingChangeRow)
                .where(RatingChangeRow.account_id == account.id)
                .order_by(RatingChangeRow.at.desc())
                .limit(HISTORY_LISTED)
            )
        )
        if account.kind == "bot":  # a bot's games are its rated ones (it plays thousands)
            ids = select(RatingChangeRow.table_id).where(RatingChangeRow.account_id == account.id)
            mine = select(SeatRow).where(
                SeatRow.table_id.in_(ids), SeatRow.kind == "bot", SeatRow.agent == account.name
            )
        else:
            mine = select(SeatRow).where(SeatRow.account_id == account.id)
        seat_rows = mine.subquery()
        tables = list(
            session.execute(
                select(TableRow, seat_rows.c.seat)
                .join(seat_rows, seat_rows.c.table_id == TableRow.id)
                .order_by(TableRow.updated_at.desc())
                .limit(GAMES_LISTED)
            ).all()
        )
        all_seats: dict[str, list[SeatRow]] = {row.id: [] for row, _seat in tables}
        if all_seats:
            for seat in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(list(all_seats)))
            ):
                all_seats[seat.table_id].append(seat)
    history: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for change in reversed(changes):  # oldest first
        history.setdefault((change.game, change.players), []).append(
            {
                "table": change.table_id,
                "at": iso(_aware(change.at)),
                "rating": shown(change.mu, change.sigma),
            }
        )
    games = []
    for row, seat in tables:
        summary = summary_from_rows(row, all_seats[row.id])
        games.append(
            {
                "table": row.id,
                "game": row.game,
                "players": len(summary["seats"]),
                "status": row.status,
                "seat": seat,
                "names": [s["name"] for s in summary["seats"]],
                "scores": summary["scores"],
                "winners": summary["winners"],
                "rated": row.rated,
                "updated_at": summary["updated_at"],
            }
        )
    return {
        "name": account.name,
        "kind": account.kind,
        "created_at": iso(_aware(account.created_at)),
        "ratings": [
            {
                "game": r.game,
                "players": r.players,
                "rating": shown(r.mu, r.sigma),
                "mu": round(r.mu, 4),
                "sigma": round(r.sigma, 4),
                "games": r.games,
                "history": history.get((r.game, r.players), []),
            }
            for r in ratings
        ],
        "games": games,
    }
