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
INSERT INTO "studies" VALUES(1,'fedrep');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,5.00000000000000111022e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,6.61000000000000142996e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,7.93999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,8.55000000000000093258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.874,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,8.86999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.909,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,9.2000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,9.210000000000002629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.559,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.677,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,0.86,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,0.914,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.45000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.56000000000000182964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,9.57000000000000183852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,0.958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,0.953,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,0.43,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,4.31000000000000049737e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,3,3,4.36000000000000054178e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,3,4,0.437,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,3,5,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,3,6,4.54999999999999960031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,3,7,0.466,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,3,8,4.78000000000000035971e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,3,9,0.487,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,3,10,0.502,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,3,11,0.525,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,3,12,5.4799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,3,13,5.5899999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,3,14,0.587,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,3,15,5.97000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,3,16,0.612,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,3,17,0.623,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,3,18,0.635,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,3,19,0.645,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,3,20,6.65000000000000146549e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,1,2.25999999999999978683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,2,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,1,0.525,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,2,7.39000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,3,8.47000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,4,0.876,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,5,8.94999999999999906741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,6,8.95000000000000128785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,6,1,4.34000000000000052402e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,6,2,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,7,1,0.33,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,7,2,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,7,3,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,7,4,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,7,5,0.398,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,7,6,4.12000000000000032862e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,8,1,4.3500000000000005329e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,8,2,5.86000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,8,3,6.99000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,8,4,0.784,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,8,5,8.16000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,8,6,0.833,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,9,1,0.475,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,9,2,0.6,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,10,1,0.388,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,10,2,4.28000000000000047073e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,11,1,0.445,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,11,2,0.588,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,13,1,4.31000000000000049737e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,13,2,0.465,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,15,1,0.458,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,15,2,5.87999999999999856115e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,15,3,7.14000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,15,4,8.09999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,15,5,8.64999999999999880095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,15,6,0.867,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,15,7,8.94000000000000127897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,15,8,8.93999999999999905853e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,15,9,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,15,10,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,15,11,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,15,12,9.18000000000000149213e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,15,13,9.14000000000000256683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,15,14,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,15,15,9.17000000000000148325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,15,16,0.924,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,15,17,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,15,18,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,15,19,0.925,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,15,20,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,16,1,3.74000000000000054622e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,16,2,4.76000000000000089706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,16,3,0.615,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,16,4,8.29000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,16,5,8.86999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,16,6,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,16,7,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,16,8,9.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,16,9,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,16,10,9.49000000000000176747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,16,11,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,16,12,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,16,13,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,16,14,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,16,15,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,16,16,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,16,17,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,16,18,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,16,19,9.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,16,20,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,17,1,3.73000000000000053734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,17,2,5.43999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,18,1,0.438,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,18,2,0.614,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,18,3,8.18000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,18,4,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,18,5,9.1599999999999981437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,18,6,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,18,7,9.45000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,18,8,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,18,9,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,18,10,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,18,11,0.958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,18,12,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,18,13,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,18,14,9.64000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,18,15,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,18,16,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,18,17,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,18,18,9.64000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,18,19,9.56000000000000182964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,18,20,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,19,1,3.52000000000000035083e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,19,2,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,19,3,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,19,4,4.20000000000000039968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,19,5,0.556,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,19,6,0.641,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,20,1,0.523,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,20,2,0.788,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,20,3,0.845,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,20,4,8.79000000000000114575e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,20,5,9.02999999999999913846e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,20,6,9.18000000000000149213e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.16047204933065076226e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',9.38646435830109565623e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',1.08012575693586200184e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'head_epochs',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',5.61668651884238423477e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'head_epochs',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',2.10613746985012437185e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',1.30936687677455851352e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(18,6,'head_epochs',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.24238492252869453524e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,7,'head_epochs',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',3.25943399791840601742e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(24,8,'head_epochs',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',1.25092291267478016719e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,9,'head_epochs',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',1.39955827653689903085e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(30,10,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',7.74510866909098368709e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,11,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',4.47252979746517786985e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(36,12,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',6.24233020986955742387e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,13,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',0.3546605078102,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(42,14,'head_epochs',9.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',6.8977586141362873251e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(45,15,'head_epochs',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',1.508801024626003906e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(48,16,'head_epochs',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',1.51064180845683154741e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,17,'head_epochs',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',1.26768414038544274813e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(54,18,'head_epochs',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',2.28453999832508358736e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(57,19,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',5.57173852603021491081e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(60,20,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.8869999999999999');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.929');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.677');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.937');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.9540000000000001');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.635');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.404');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.7390000000000001');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_1','0.8950000000000001');
INSERT INTO "trial_system_attributes" VALUES(10,6,'completed_rung_0','0.43200000000000005');
INSERT INTO "trial_system_attributes" VALUES(11,7,'completed_rung_0','0.41200000000000003');
INSERT INTO "trial_system_attributes" VALUES(12,8,'completed_rung_0','0.833');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_0','0.6');
INSERT INTO "trial_system_attributes" VALUES(14,10,'completed_rung_0','0.42800000000000005');
INSERT INTO "trial_system_attributes" VALUES(15,11,'completed_rung_0','0.588');
INSERT INTO "trial_system_attributes" VALUES(16,13,'completed_rung_0','0.465');
INSERT INTO "trial_system_attributes" VALUES(17,15,'completed_rung_0','0.931');
INSERT INTO "trial_system_attributes" VALUES(18,16,'completed_rung_0','0.907');
INSERT INTO "trial_system_attributes" VALUES(19,16,'completed_rung_1','0.9620000000000001');
INSERT INTO "trial_system_attributes" VALUES(20,17,'completed_rung_0','0.5439999999999999');
INSERT INTO "trial_system_attributes" VALUES(21,18,'completed_rung_0','0.937');
INSERT INTO "trial_system_attributes" VALUES(22,18,'completed_rung_1','0.9640000000000001');
INSERT INTO "trial_system_attributes" VALUES(23,19,'completed_rung_0','0.641');
INSERT INTO "trial_system_attributes" VALUES(24,20,'completed_rung_0','0.788');
INSERT INTO "trial_system_attributes" VALUES(25,20,'completed_rung_1','0.9180000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','217.539');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.2393551535606384');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','186.928');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','0.11943715333938598');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','17');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','195.562');
INSERT INTO "trial_user_attributes" VALUES(10,3,'val_loss','1.1252584419250489');
INSERT INTO "trial_user_attributes" VALUES(11,3,'round','20');
INSERT INTO "trial_user_attributes" VALUES(12,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(13,4,'seconds','20.886');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','58.1');
INSERT INTO "trial_user_attributes" VALUES(15,6,'seconds','19.378');
INSERT INTO "trial_user_attributes" VALUES(16,7,'seconds','48.858');
INSERT INTO "trial_user_attributes" VALUES(17,8,'seconds','51.05');
INSERT INTO "trial_user_attributes" VALUES(18,9,'seconds','19.22');
INSERT INTO "trial_user_attributes" VALUES(19,10,'seconds','17.583');
INSERT INTO "trial_user_attributes" VALUES(20,11,'seconds','18.586');
INSERT INTO "trial_user_attributes" VALUES(21,12,'diverged','"non-finite training loss at round 1, client 14: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(22,12,'seconds','7.144');
INSERT INTO "trial_user_attributes" VALUES(23,13,'seconds','17.223');
INSERT INTO "trial_user_attributes" VALUES(24,14,'diverged','"non-finite training loss at round 1, client 5: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(25,14,'seconds','3.132');
INSERT INTO "trial_user_attributes" VALUES(26,15,'seconds','198.866');
INSERT INTO "trial_user_attributes" VALUES(27,15,'val_loss','0.23634184455871582');
INSERT INTO "trial_user_attributes" VALUES(28,15,'round','20');
INSERT INTO "trial_user_attributes" VALUES(29,15,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(30,16,'seconds','159.576');
INSERT INTO "trial_user_attributes" VALUES(31,16,'val_loss','0.13189812088012695');
INSERT INTO "trial_user_attributes" VALUES(32,16,'round','18');
INSERT INTO "trial_user_attributes" VALUES(33,16,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(34,17,'seconds','16.431');
INSERT INTO "trial_user_attributes" VALUES(35,18,'seconds','171.233');
INSERT INTO "trial_user_attributes" VALUES(36,18,'val_loss','0.11421285033226011');
INSERT INTO "trial_user_attributes" VALUES(37,18,'round','14');
INSERT INTO "trial_user_attributes" VALUES(38,18,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(39,19,'seconds','55.264');
INSERT INTO "trial_user_attributes" VALUES(40,20,'seconds','49.46');
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
INSERT INTO "trial_values" VALUES(1,1,0,0.932,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,6.65000000000000146549e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,0.404,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,8.95000000000000128785e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,4.12000000000000032862e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,0.833,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.6,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,4.28000000000000047073e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,0.588,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,0.465,'FINITE');
INSERT INTO "trial_values" VALUES(13,15,0,0.932,'FINITE');
INSERT INTO "trial_values" VALUES(14,16,0,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,17,0,5.43999999999999928057e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,18,0,9.64000000000000079047e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,19,0,0.641,'FINITE');
INSERT INTO "trial_values" VALUES(18,20,0,9.18000000000000149213e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 02:30:22.658786','2026-11-27 02:34:00.288484');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 02:34:00.305089','2026-11-27 02:37:07.309568');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 02:37:07.326374','2026-11-27 02:40:22.960524');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 02:40:22.976487','2026-11-27 02:40:43.927776');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 02:40:43.948133','2026-11-27 02:41:42.105286');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 02:41:42.119465','2026-11-27 02:42:01.558735');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 02:42:01.583033','2026-11-27 02:42:50.482554');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 02:42:50.501705','2026-11-27 02:43:41.608064');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 02:43:41.626215','2026-11-27 02:44:00.898193');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-27 02:44:00.912676','2026-11-27 02:44:18.558569');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 02:44:18.571936','2026-11-27 02:44:37.234871');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 02:44:37.252733','2026-11-27 02:44:44.471852');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 02:44:44.493087','2026-11-27 02:45:01.763595');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 02:45:01.777878','2026-11-27 02:45:04.963837');
INSERT INTO "trials" VALUES(15,14,1,'COMPLETE','2026-11-27 02:45:04.990578','2026-11-27 02:48:23.932569');
INSERT INTO "trials" VALUES(16,15,1,'COMPLETE','2026-11-27 02:48:23.950383','2026-11-27 02:51:03.612385');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 02:51:03.625106','2026-11-27 02:51:20.111529');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-11-27 02:51:20.128958','2026-11-27 02:54:11.438803');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 02:54:11.455055','2026-11-27 02:55:06.772694');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 02:55:06.786507','2026-11-27 02:55:56.299076');
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
