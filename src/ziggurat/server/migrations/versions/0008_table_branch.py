"""A table continued from a move of another (a replay's "continue from here"): the position it
started from (state JSON, what nobody had seen dealt afresh) and the table and move it
continues.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("start_state", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("branched_from", sa.String(32), nullable=True))
        batch.add_column(sa.Column("branched_at", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("branched_at")
        batch.drop_column("branched_from")
        batch.drop_column("start_state")
