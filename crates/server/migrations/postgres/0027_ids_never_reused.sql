-- Ids of stored records are never handed out again (issue 29). SQLite's 0027 rebuilds its
-- tables with AUTOINCREMENT; PostgreSQL's keys are identity columns, whose sequences never give
-- an id twice, even after the row that had it is deleted. Nothing to change here: this file keeps
-- the two backends' migrations numbered alike.
SELECT 1;
