BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'ditto');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,1.18300865800865812743e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,2.47467532467532426443e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,5.10146520146520093819e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,7.55998168498168560125e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,7.76501831501831552007e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,7.77216117216117108323e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,7.09093406593406666571e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,7.27692307692307666089e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,7.68644688644688628409e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,8.89413919413919451528e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.68644688644688717227e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,1.04003663003663010533e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,1.06336996336996336687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,1.18887362637362645201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,0.132518315018315,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,1.51309523809523782666e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,1.70976190476190503808e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,1.93455128205128223939e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,2.10172161172161198194e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.227481684981685,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.23516555288064890615e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',9.59135607355482769365e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',1.64923950625843390715e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',1.83528800744445544888e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.07772161172161171');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.19345512820512822');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','183.51');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','3.4275694934138055');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,0.227481684981685,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 08:10:42.988622','2026-11-27 08:13:46.598052');
INSERT INTO "trials" VALUES(2,1,1,'RUNNING','2026-11-27 08:13:46.612203',NULL);
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
