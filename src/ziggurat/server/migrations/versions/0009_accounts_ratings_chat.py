"""Accounts and their sessions, the attempts counted against login limits, ratings and their
history, the tables' chat; a seat's account, a table's ``rated``, ``rated_done`` and
``spectator_chat``.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", MOMENT, nullable=False),
    )
    op.create_table(
        "login_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", MOMENT, nullable=False),
        sa.Column("expires_at", MOMENT, nullable=False, index=True),
    )
    op.create_table(
        "attempts",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("window_start", MOMENT, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("players", sa.Integer(), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", MOMENT, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
    )
    op.create_table(
        "chat_messages",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("sender", sa.String(40), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        for column in ("rated", "rated_done", "spectator_chat"):
            batch.add_column(
                sa.Column(column, sa.Boolean(), nullable=False, server_default=sa.false())
            )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_seats_account", "accounts", ["account_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account", type_="foreignkey")
        batch.drop_column("account_id")
    with op.batch_alter_table("tables") as batch:
        for column in ("spectator_chat", "rated_done", "rated"):
            batch.drop_column(column)
    for table in ("chat_messages", "rating_changes", "ratings", "attempts", "login_sessions"):
        op.drop_table(table)
    op.drop_table("accounts")
