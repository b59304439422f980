"""Time controls: the table's choice, when it started (every seat taken) and when the time of
the seat to decide runs out (indexed: the server looks for the tables past it).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("time_control", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_tables_deadline", ["deadline"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_deadline")
        batch.drop_column("deadline")
        batch.drop_column("started_at")
        batch.drop_column("time_control")
